#!/usr/bin/env bash
# Installs the Debian packages the test suite needs when they are missing (idempotent).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/postgres ] || need+=(postgresql)
# pdftotext and pdftoppm: the PDF report tests read and render the report as a person would.
{ [ -x /usr/bin/pdftotext ] && [ -x /usr/bin/pdftoppm ]; } || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  echo "Installing Debian packages: ${need[*]}"
  $SUDO apt-get update -qq
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-liberation
fi
echo "test dependencies: chromium $( /usr/bin/chromium --version 2>/dev/null | awk '{print $2}' ), postgres $(/usr/lib/postgresql/15/bin/postgres --version | awk '{print $3}'), poppler $(pdftotext -v 2>&1 | head -1 | awk '{print $3}')"
