#!/usr/bin/env bash
# What the test suite needs beyond the Python packages (`make install` has those), installed or
# started when missing. Shared by `make test` and `.ci/run`, so a fresh machine and CI prepare
# the same way:
#   - Debian's Chromium for the UI test (Playwright drives it; no browser download), installed
#     with apt when no Chromium is found (as root, or through passwordless sudo);
#   - Debian's Caddy for the deployment-security test (the proxy in front of the webservers),
#     installed the same way when `caddy` is not on PATH;
#   - the PostgreSQL server at 127.0.0.1:5432 for the storage tests, started when installed and
#     down (without it those tests skip locally; CI sets DREAM_REQUIRE_POSTGRES so they fail).
#   - the RabbitMQ broker at 127.0.0.1:5672 (DREAM_RABBITMQ_PORT) for the Celery test, started
#     when installed and down (without it that test skips locally; CI sets DREAM_REQUIRE_RABBITMQ).
# DREAM_TEST_DEPS_DRY_RUN=1 prints each action instead of taking it.
set -euo pipefail

run() {
  if [ -n "${DREAM_TEST_DEPS_DRY_RUN:-}" ]; then
    echo "test-deps: would run: $*"
  else
    "$@"
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    run "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    run sudo -n "$@"
  else
    echo "test-deps: not root and no passwordless sudo; run as root: $*" >&2
    return 1
  fi
}

# The same places the UI test looks (dream_assets_tests/browser.py), PATH or not.
# DREAM_CHROMIUM_CANDIDATES replaces the list (the script's own test uses it).
chromium_path() {
  local candidate
  for candidate in ${DREAM_CHROMIUM_CANDIDATES:-${DREAM_CHROMIUM:-} $(command -v chromium || true) /usr/bin/chromium /usr/lib/chromium/chromium}; do
    if [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if browser="$(chromium_path)"; then
  echo "test-deps: chromium at $browser"
else
  echo "test-deps: chromium missing: installing Debian's chromium"
  as_root apt-get update -q || true
  as_root apt-get install -y -q chromium ||
    echo "test-deps: could not install chromium; the UI test will fail" >&2
fi

if command -v caddy >/dev/null; then
  echo "test-deps: caddy at $(command -v caddy)"
else
  echo "test-deps: caddy missing: installing Debian's caddy"
  as_root apt-get install -y -q caddy ||
    { as_root apt-get update -q && as_root apt-get install -y -q caddy; } ||
    echo "test-deps: could not install caddy; the proxy test will skip (fail in CI)" >&2
fi

if ! command -v pg_isready >/dev/null; then
  echo "test-deps: PostgreSQL not installed; its tests skip (CI requires them)"
elif pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "test-deps: PostgreSQL accepting connections on 127.0.0.1:5432"
elif [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql)" ]; then
  echo "test-deps: PostgreSQL down: starting it"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start ||
    echo "test-deps: could not start PostgreSQL; its tests skip (CI requires them)" >&2
  if [ -z "${DREAM_TEST_DEPS_DRY_RUN:-}" ]; then
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
else
  echo "test-deps: no PostgreSQL cluster under /etc/postgresql; its tests skip (CI requires them)"
fi

# The broker answers on its AMQP port; no rabbitmqctl needed for the check (it needs the node's
# Erlang cookie, i.e. root or the rabbitmq user).
rabbitmq_port="${DREAM_RABBITMQ_PORT:-5672}"
rabbitmq_up() { (exec 3<>"/dev/tcp/127.0.0.1/$rabbitmq_port") 2>/dev/null; }

if rabbitmq_up; then
  echo "test-deps: RabbitMQ accepting connections on 127.0.0.1:$rabbitmq_port"
elif [ -x /etc/init.d/rabbitmq-server ] || command -v rabbitmq-server >/dev/null; then
  echo "test-deps: RabbitMQ down: starting it"
  if [ -x /etc/init.d/rabbitmq-server ]; then
    as_root service rabbitmq-server start || true
  else
    as_root rabbitmq-server -detached || true
  fi
  if [ -z "${DREAM_TEST_DEPS_DRY_RUN:-}" ]; then
    for _ in $(seq 1 60); do rabbitmq_up && break; sleep 1; done
    rabbitmq_up ||
      echo "test-deps: could not start RabbitMQ; the Celery test skips (CI requires it)" >&2
  fi
else
  echo "test-deps: RabbitMQ not installed; the Celery test skips (CI requires it)"
fi
