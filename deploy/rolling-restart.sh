#!/usr/bin/env bash
# Restarts the portal@N instances one after the other (for a release), each once the one before
# answers /api/ready again, so nginx always has a process to send requests to: no acknowledged
# save is lost and no student sees an error.
#   deploy/rolling-restart.sh 1 2 3
set -euo pipefail
instances=("$@")
[ ${#instances[@]} -gt 0 ] || { echo "usage: $0 INSTANCE... (for example: $0 1 2)" >&2; exit 2; }
for i in "${instances[@]}"; do
  echo "restarting portal@$i"
  systemctl restart "portal@$i"
  for _ in $(seq 1 120); do
    if curl -fsS "http://127.0.0.1:300$i/api/ready" >/dev/null 2>&1; then echo "portal@$i ready"; continue 2; fi
    sleep 0.5
  done
  echo "portal@$i did not become ready within 60 s: stopping here" >&2
  exit 1
done
