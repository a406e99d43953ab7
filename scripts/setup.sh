# Sourced by scripts/demo and scripts/test: finds Python >= 3.12, makes .venv, installs
# frontdesk with its extras, the Debian packages it needs, and compiles the translations.
# Safe to run again: each step is skipped when its result is already there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# The extras scripts/demo installs; scripts/fresh-install-check installs exactly these into a
# new virtual environment, so what the check proves is what the demo gets.
DEMO_EXTRAS="postgres,mysql,redis"
cd "$ROOT"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'frontdesk setup: %s\n' "$*" >&2; exit 1; }

python_ok() {
    # The candidate must really run (pyenv shims print an error instead) and be >= 3.12.
    "$1" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1
}

find_python() {
    local candidate
    for candidate in "${FRONTDESK_PYTHON:-}" python3.13 python3.12 python3 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 && python_ok "$candidate"; then
            command -v "$candidate"; return 0
        fi
    done
    local roots=()
    command -v pyenv >/dev/null 2>&1 && roots+=("$(pyenv root)/versions")
    roots+=("$HOME/.pyenv/versions" /usr/local/bin /usr/bin)
    for root in "${roots[@]}"; do
        for candidate in $(ls -d "$root"/3.1[3-9]*/bin/python3 "$root"/3.12*/bin/python3 \
                           "$root"/python3.1[2-9] 2>/dev/null | sort -rV); do
            if python_ok "$candidate"; then echo "$candidate"; return 0; fi
        done
    done
    return 1
}

apt_install() {
    # Installs Debian packages that are missing; needs root (or sudo without a password).
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    say "Installing Debian packages: ${missing[*]}"
    $sudo apt-get update -qq >/dev/null || die "apt-get update failed; install ${missing[*]} by hand."
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
        || die "apt-get could not install ${missing[*]}."
}

pip_install() {  # python, then pip install's arguments
    "$1" -m pip install --quiet --disable-pip-version-check "${@:2}"
}

setup_frontdesk() {
    local extras="$1"   # e.g. "postgres,mysql,redis" or "postgres,mysql,redis,dev"
    local debs=(gettext)
    [[ "$extras" == *mysql* ]] && debs+=(libmariadb-dev pkg-config)
    [[ "$extras" == *dev* ]] && debs+=(chromium)
    apt_install "${debs[@]}"

    if [ ! -x "$VENV/bin/python" ] || ! python_ok "$VENV/bin/python"; then
        local python
        python="$(find_python)" || die "no Python 3.12 or newer that runs was found (tried python3.13, python3.12, python3 and pyenv's versions folder). Install one, or set FRONTDESK_PYTHON=/path/to/python3.13."
        say "Creating .venv with $python ($("$python" --version 2>&1))"
        rm -rf "$VENV"
        "$python" -m venv "$VENV"
    fi

    local stamp="$VENV/.frontdesk-installed"
    local wanted
    wanted="$extras $(sha256sum pyproject.toml | cut -c1-16)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
        say "Installing frontdesk[$extras] into .venv"
        pip_install "$VENV/bin/python" --upgrade pip
        pip_install "$VENV/bin/python" -e ".[$extras]"
        echo "$wanted" > "$stamp"
    fi

    say "Compiling translations"
    compile_catalogs "$VENV/bin/frontdesk" "$ROOT/src/frontdesk"
}

compile_catalogs() {  # frontdesk_command package_folder
    # Run inside the package so only its catalogs are found. The settings would then look for
    # var/ (and the secret key) in the package, which they refuse: name this machine's var folder.
    local var_dir
    var_dir="$(realpath -m "${FRONTDESK_VAR_DIR:-$ROOT/var}")"
    (cd "$2" && FRONTDESK_VAR_DIR="$var_dir" "$1" compilemessages --verbosity 0 --ignore=.venv --ignore=var)
}
