#!/usr/bin/env bash
# Checks what can be checked here of the files only a Docker-equipped CI runs:
#  1. .github/workflows/ with actionlint (pinned; installed through the Go module proxy if missing),
#  2. docker/compose.yaml and docker/Dockerfile: parsed, images pinned and the same ones --container
#     uses (bench-cli ServerImages), servers published on loopback, PostgreSQL set up as CloudSuite's;
#     both Dockerfiles and the Kubernetes Jobs run the distribution's bin/bench; .github/dependabot.yml,
#  3. the workflow's JMH comparison, 'bench compare BASE.json CURRENT.json', on a made-up pair of results:
#     it must flag exactly the slower one, and say how small a change the noisy one could have shown
#     (needs bench-cli/target/bench.jar: run after the build).
# Usage: scripts/lint-workflows.sh. Exit 0 clean, 1 a finding (printed) or a missing tool.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "lint-workflows.sh: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

ACTIONLINT_VERSION=v1.7.7
actionlint=$(command -v actionlint || true)
[ -n "$actionlint" ] || [ ! -x "$HOME/go/bin/actionlint" ] || actionlint=$HOME/go/bin/actionlint
if [ -z "$actionlint" ]; then
  go=$(command -v go || echo /usr/local/go/bin/go)
  [ -x "$go" ] || die "actionlint not found and no Go to install it (go install github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION)"
  log "installing actionlint $ACTIONLINT_VERSION"
  "$go" install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION" >&2
  actionlint=$("$go" env GOPATH)/bin/actionlint
fi
"$actionlint" .github/workflows/*.yml
log "workflows: ok ($("$actionlint" -version | head -n1))"

python3 - <<'PY'
import re, sys, yaml

def fail(msg):
    sys.exit("lint-workflows.sh: docker/: " + msg)

compose = yaml.safe_load(open("docker/compose.yaml"))
services = compose.get("services") or fail("compose.yaml has no services")
java = open("bench-cli/src/main/java/dev/bench/cli/container/ServerImages.java").read()
for name in ("postgres", "mysql", "mssql", "memcached"):
    s = services.get(name) or fail(f"no service {name}")
    image = s.get("image", "")
    if ":" not in image or image.endswith(":latest"):
        fail(f"{name}: image '{image}' is not pinned to a tag")
    if f'"{image}"' not in java:
        fail(f"{name}: image '{image}' is not the one --container uses (ServerImages.java)")
    ports = s.get("ports") or fail(f"{name}: no published port")
    for p in ports:
        if not str(p).startswith("127.0.0.1:"):
            fail(f"{name}: port '{p}' is published beyond loopback")
env = services["postgres"].get("environment", {})
want = {"POSTGRES_USER": "cloudsuite", "POSTGRES_PASSWORD": "cloudsuite", "POSTGRES_DB": "sbtest"}
if any(env.get(k) != v for k, v in want.items()):
    fail(f"postgres is not set up as CloudSuite's server: {want}")
if services["mssql"].get("environment", {}).get("ACCEPT_EULA") != "Y":
    fail("mssql: ACCEPT_EULA must be Y or the server won't start")
build = services.get("bench", {}).get("build", {})
if build.get("dockerfile") != "docker/Dockerfile":
    fail("the bench service must build docker/Dockerfile")

updates = yaml.safe_load(open(".github/dependabot.yml")).get("updates", [])
ecosystems = {u.get("package-ecosystem") for u in updates if u.get("schedule", {}).get("interval")}
if not {"maven", "github-actions"} <= ecosystems:
    fail(f".github/dependabot.yml must update maven and github-actions on a schedule: {ecosystems}")

# FROM ${ARG} resolves to the ARG's default (the image users get; scripts/compose-check.sh overrides it)
dockerfile = open("docker/Dockerfile").read()
args = dict(re.findall(r'^ARG (\w+)=(\S+)$', dockerfile, re.M))
froms = [re.sub(r'^\$\{(\w+)\}$', lambda m: args.get(m.group(1), m.group(0)), l.split()[1])
         for l in dockerfile.splitlines() if l.startswith("FROM ")]
if not froms or any(":" not in f or f.endswith(":latest") or f.startswith("$") for f in froms):
    fail(f"Dockerfile base images must be pinned: {froms}")
for dockerfile in ("docker/Dockerfile", "deploy/Dockerfile"):
    text = open(dockerfile).read()
    if not re.search(r'^COPY (--from=build /src/)?bench-cli/target/bench /opt/bench$', text, re.M) \
            or not re.search(r'^ENTRYPOINT \["/opt/bench/bin/bench"\]$', text, re.M):
        fail(f"{dockerfile} must install the distribution in /opt/bench and run its bin/bench launcher")
for job in ("deploy/k8s/clients-job.yaml", "deploy/k8s/merge-job.yaml"):
    if "java -jar" in open(job).read():
        fail(f"{job} must start the tool through the image's bench launcher, not java -jar")
print("lint-workflows.sh: docker/: ok (" + ", ".join(services[n]["image"] for n in ("postgres", "mysql", "mssql", "memcached")) + ")",
      file=sys.stderr)
PY

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
result() {  # NAME MODE SCORE ERROR FORK1 FORK2 FORK3 (each fork's iterations: the fork's score, twice)
  printf '{"benchmark":"dev.bench.x.%s","mode":"%s","params":{},"primaryMetric":{"score":%s,"scoreError":%s,"scoreUnit":"u",' "$1" "$2" "$3" "$4"
  printf '"rawData":[[%s,%s],[%s,%s],[%s,%s]]}}' "$5" "$5" "$6" "$6" "$7" "$7"
}
echo "[$(result slower thrpt 100 5 100 102 98),$(result same avgt 10 1 10 10.2 9.9),$(result noisy thrpt 100 30 100 70 130)]" > "$tmp/base.json"
echo "[$(result slower thrpt 80 5 80 81 79),$(result same avgt 11 1 10.1 10 10.3),$(result noisy thrpt 75 30 70 60 100)]" > "$tmp/cur.json"
[ -f bench-cli/target/bench.jar ] || die "bench-cli/target/bench.jar not found: build first"
set +e
report=$(java -jar bench-cli/target/bench.jar compare --fail-on-regression "$tmp/base.json" "$tmp/cur.json")
rc=$?
set -e
grep -q '^# regression gate: slower beyond noise in B (.*): x.slower -20.0%$' <<<"$report" \
  || die "the regression gate did not flag exactly x.slower:
$report"
grep -q '^x.noisy thrpt .* within noise (could see >= [0-9]* %)$' <<<"$report" \
  || die "bench compare did not say how small a change x.noisy could have shown:
$report"
[ "$rc" -eq 1 ] || die "bench compare --fail-on-regression exited $rc on a regression, expected 1"
java -jar bench-cli/target/bench.jar compare --fail-on-regression "$tmp/base.json" "$tmp/base.json" >/dev/null \
  || die "bench compare --fail-on-regression failed an unchanged rerun"
grep -q 'compare --fail-on-regression target/jmh-baseline/jmh-result.json' .github/workflows/ci.yml \
  || die "the workflow's JMH comparison must use the regression gate (--fail-on-regression)"
log "bench compare (JMH): ok (the gate flags the 20 % slowdown and passes the rerun)"
