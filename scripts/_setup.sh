# Shared by scripts/play, scripts/test and scripts/bench: make sure the Debian packages and
# the local virtual environment exist. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
DEBIAN_PACKAGES=(espeak-ng libportaudio2 sox pulseaudio pulseaudio-utils libasound2-plugins
    tesseract-ocr tesseract-ocr-eng hunspell-en-us hunspell-en-gb)

# missing_debian_packages [EXTRA...]: the packages of DEBIAN_PACKAGES and EXTRA not installed.
missing_debian_packages() {
    local missing=()
    for pkg in "${DEBIAN_PACKAGES[@]}" "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    echo "${missing[@]:-}"
}

# ensure_debian_packages [EXTRA...]: install (as root) or name what is missing.
ensure_debian_packages() {
    command -v dpkg >/dev/null 2>&1 || return 0
    local missing
    missing="$(missing_debian_packages "$@")"
    [ -z "$missing" ] && return 0
    if [ "$(id -u)" = "0" ]; then
        echo "Installing Debian packages: $missing" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "Missing Debian packages: $missing" >&2
        echo "Install them with:  sudo apt-get install -y $missing" >&2
    fi
}

# ensure_venv EXTRAS: create .venv when absent and install the project with those extras
# whenever what that installs changed (the dependency lists and entry points of
# pyproject.toml, not its date): pip needs the network, a reformatted pyproject.toml does not.
ensure_venv() {
    local extras="$1"
    if [ ! -x "$VENV/bin/python" ]; then
        echo "Creating the virtual environment in $VENV" >&2
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install -q --upgrade pip >&2
    fi
    local stamp="$VENV/.installed-$extras"
    local wanted
    wanted="$(installed_requirements_digest "$extras")"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
        echo "Installing the companion and its dependencies ($extras)" >&2
        "$VENV/bin/pip" install -q -e "$ROOT[$extras]" >&2
        echo "$wanted" >"$stamp"
    fi
}

# installed_requirements_digest EXTRAS: a hash of what `pip install -e .[EXTRAS]` installs.
installed_requirements_digest() {
    "$VENV/bin/python" - "$ROOT/pyproject.toml" "$1" <<'PYTHON'
import hashlib, json, sys, tomllib

with open(sys.argv[1], "rb") as file:
    project = tomllib.load(file)["project"]
optional = project.get("optional-dependencies", {})
installed = {
    "python": project.get("requires-python"),
    "dependencies": project.get("dependencies", []),
    "extras": {name: optional.get(name, []) for name in sys.argv[2].split(",")},
    "scripts": project.get("scripts", {}),
}
print(hashlib.sha256(json.dumps(installed, sort_keys=True).encode()).hexdigest())
PYTHON
}
