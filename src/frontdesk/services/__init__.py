"""The site's services (what the business offers): a page per service, a card other modules
print, and the first relation target (docs/services.md). Optional: no host module imports it."""
