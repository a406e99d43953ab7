// The FAQ block's script: written by the site helper (issue 14); placeholder so the static file exists.
