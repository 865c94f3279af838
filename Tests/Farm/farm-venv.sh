# Sourced by the farm scripts: a Python virtual environment with Tests/Farm/requirements.txt from PyPI,
# made once and reused (keyed by the Python version and the requirements). Sets FARM_PYTHON.
farm_venv() {
    local python key folder
    python=$(command -v python3 || true)
    [ -n "$python" ] || skip "no python3 (apt-get install python3 python3-venv)"
    "$python" -c 'import venv, ensurepip' 2> /dev/null || skip "python3 has no venv/ensurepip (apt-get install python3-venv)"
    key=$({ "$python" -VV; cat "$FARM_DIR/requirements.txt"; } | sha256sum | cut -c1-12)
    folder="${QUARTZ_FARM_VENV_ROOT:-${TMPDIR:-/tmp}}/quartz-render-farm-venv-$key"
    if [ ! -x "$folder/bin/python" ] || [ ! -e "$folder/.complete" ]; then
        say "making $folder (pip install -r Tests/Farm/requirements.txt)"
        rm -rf "$folder"
        "$python" -m venv "$folder" > /dev/null || skip "python3 -m venv failed"
        "$folder/bin/python" -m pip install -q --disable-pip-version-check -r "$FARM_DIR/requirements.txt" \
            || { rm -rf "$folder"; skip "pip could not install Tests/Farm/requirements.txt"; }
        touch "$folder/.complete"
    fi
    FARM_PYTHON="$folder/bin/python"
}
