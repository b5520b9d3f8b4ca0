#!/usr/bin/env bash
# Makes sure nginx (and its Brotli module for precompressed files) is installed for the cluster
# tests and the benchmark's cluster configuration.
# Order: $NGINX_PATH, the system's nginx, else Debian's packages (when we may install them).
# Debian's package scripts do not start a system nginx in a container that forbids it
# (policy-rc.d); the cluster runs its own nginx from a configuration of its own.
set -euo pipefail
if [ -n "${NGINX_PATH:-}" ] && [ -x "$NGINX_PATH" ]; then exit 0; fi
if [ -x /usr/sbin/nginx ] && [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing nginx for the cluster tests (Debian packages)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nginx libnginx-mod-http-brotli-static >/dev/null
  exit 0
fi
if [ -x /usr/sbin/nginx ]; then
  echo "nginx found without its Brotli module: precompressed .br files will not be served by nginx (apt-get install libnginx-mod-http-brotli-static)." >&2
  exit 0
fi
echo "No nginx found. Install it (Debian: apt-get install nginx libnginx-mod-http-brotli-static) or set NGINX_PATH to an nginx binary." >&2
exit 1
