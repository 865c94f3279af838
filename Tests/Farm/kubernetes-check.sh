#!/usr/bin/env bash
# The Kubernetes Jobs of docs/cli.md checked against the API schema, and their commands run (kubernetes_check.py).
# Python packages from PyPI in a cached virtual environment (farm-venv.sh). Exit 0: every check passed;
# 77: this machine cannot run it (the reason is printed); 1: a check failed.
# Usage: kubernetes-check.sh [PATH_TO_QUARTZ_RENDER]   (default: quartz-render on PATH)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/farm-common.sh"
source "$FARM_DIR/farm-venv.sh"
farm_quartz_render "${1:-}"
farm_venv
work=$(mktemp -d "${TMPDIR:-/tmp}/quartz-kubernetes-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$FARM_PYTHON" "$FARM_DIR/kubernetes_check.py" "$QUARTZ_RENDER" "$DOCS" "$FARM_DIR/intro.json" "$work"
