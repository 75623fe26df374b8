#!/usr/bin/env bash
# scripts/fresh-machine.sh [--ref REF] [--root DIR] [--keep] [--ccache DIR]
#
# The fresh-machine check (docs/robustness.md): builds a clean Debian 12
# (bookworm) root with mmdebstrap, puts a clean clone of this repository at REF
# in it (/root/nvc) and runs the README's two commands there, as root, with no
# standard input and a container-like environment (HOME=/root, a plain PATH,
# no locale, no X or Wayland, no /dev/dri, an empty /tmp):
#   ./scripts/setup.sh && ./scripts/test.sh
# Run it whenever dependencies or setup change: a package that setup.sh does not
# install, or a test that depends on the host, fails here.
#
# The root is mmdebstrap's minbase variant (Debian's required packages, what a
# stock debian:12 image holds) and nothing else: git is not needed inside,
# since the clone is made from outside. Its apt sources are the host's own
# (apt-get indextargets: every bookworm* suite the host's apt is configured
# with), so no mirror is named here. Needs root, mmdebstrap (installed with
# apt-get if missing), util-linux's unshare, and about 4 GB of disk.
#
#   --ref REF     commit, branch or tag to check (default HEAD); only committed
#                 files are checked, uncommitted changes are not in the clone
#   --root DIR    where to build the root (must be empty or absent; default a
#                 new directory under /var/tmp); removed at exit unless --keep
#   --keep        keep the root for inspection (chroot DIR /bin/bash)
#   --ccache DIR  bind-mount DIR as the root's ccache directory (CCACHE_BASEDIR
#                 is set to the clone) to save build time. A run without it is
#                 the real check; with it the package set is still checked,
#                 since every package is installed from scratch, but the
#                 compiler's outputs may come from the cache.
#
# Runs everything inside new mount and PID namespaces (unshare), so the mounts
# (/proc, /sys read-only, /dev/pts, /dev/shm, a tmpfs /tmp, the ccache bind)
# disappear with the namespace however the script ends; the EXIT trap also
# unmounts anything left under the root before it removes the root.
# Exit status: that of ./scripts/test.sh (or of the step that failed before
# it). Prints a summary: commit, durations, ctest's result line and failed
# tests; the logs are kept in ROOT.logs/ (next to the root) in any case.
# Run it under `nice -n 10`: it builds nvc from scratch (-j2).
set -euo pipefail
self=$(readlink -f "$0")

# The namespace stage: called as `fresh-machine.sh --inside ROOT CCACHE LOGDIR`
# by unshare, as PID 1 of a new PID namespace with a private mount namespace.
# Mounts what a container runtime would, then runs the README's commands; each
# step's output goes to LOGDIR/STEP.log too, its exit status and seconds to
# LOGDIR/steps.
run_inside() {
  local root=$1 ccache=$2 logdir=$3
  mount -t proc -o nosuid,nodev,noexec proc "$root/proc"
  mount -t sysfs -o ro,nosuid,nodev,noexec sysfs "$root/sys"
  for node in null:1:3 zero:1:5 full:1:7 random:1:8 urandom:1:9 tty:5:0; do
    IFS=: read -r name major minor <<<"$node"
    [ -c "$root/dev/$name" ] || { rm -f "$root/dev/$name"; mknod -m 666 "$root/dev/$name" c "$major" "$minor"; }
  done
  mkdir -p "$root/dev/pts" "$root/dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
  ln -sfn pts/ptmx "$root/dev/ptmx"
  mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
  ln -sfn /proc/self/fd "$root/dev/fd"
  mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/tmp"
  local env=(HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
  if [ -n "$ccache" ]; then
    mkdir -p "$root/root/.cache/ccache"
    mount --bind "$ccache" "$root/root/.cache/ccache"
    env+=(CCACHE_BASEDIR=/root/nvc)
  fi
  local step start status
  for step in setup test; do
    start=$(date +%s)
    echo "=== fresh-machine: ./scripts/$step.sh (in the root, as root, no stdin)"
    set +e
    chroot "$root" /usr/bin/env -i "${env[@]}" /bin/bash -c "cd /root/nvc && ./scripts/$step.sh" \
      </dev/null 2>&1 | tee "$logdir/$step.log"
    status=${PIPESTATUS[0]}
    set -e
    echo "$step.sh exit $status after $(($(date +%s) - start)) s" | tee -a "$logdir/steps"
    [ "$status" -eq 0 ] || return "$status"
  done
}
if [ "${1:-}" = --inside ]; then
  shift
  run_inside "$@"
  exit
fi

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$self"; }

ref=HEAD root="" keep=0 ccache=""
while [ $# -gt 0 ]; do
  case "$1" in
    --ref) ref=${2:?--ref needs a value}; shift 2 ;;
    --root) root=${2:?--root needs a value}; shift 2 ;;
    --keep) keep=1; shift ;;
    --ccache) ccache=${2:?--ccache needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fresh-machine.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

[ "$(id -u)" -eq 0 ] || { echo "fresh-machine.sh: run as root (mmdebstrap, chroot, mount)" >&2; exit 2; }
repo=$(git -C "$(dirname "$self")" rev-parse --show-toplevel)
commit=$(git -C "$repo" rev-parse --verify --quiet "$ref^{commit}") ||
  { echo "fresh-machine.sh: '$ref' is not a commit of $repo" >&2; exit 2; }
if [ -n "$ccache" ]; then
  mkdir -p "$ccache"
  ccache=$(cd "$ccache" && pwd)
fi
if ! command -v mmdebstrap >/dev/null; then
  echo "=== fresh-machine: installing mmdebstrap"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap </dev/null
fi

# The host's Debian 12 sources, one "deb URI SUITE COMPONENTS" line per URI and
# suite, from the apt configuration itself (both sources formats, disabled
# files excluded). Other suites and third-party repositories are left out: the
# root is plain Debian 12.
sources=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE) $(COMPONENT)' 'Identifier: Packages' |
  awk '$2 ~ /^bookworm(-[a-z]+)?$/ { key = $1 " " $2; if (!(key in c)) order[n++] = key;
                                     if (index(" " c[key] " ", " " $3 " ") == 0) c[key] = c[key] " " $3 }
       END { for (i = 0; i < n; i++) print "deb " order[i] c[order[i]] }')
[ -n "$sources" ] || { echo "fresh-machine.sh: the host's apt has no bookworm sources to copy" >&2; exit 2; }

if [ -z "$root" ]; then
  root=$(mktemp -d /var/tmp/nvc-fresh-machine.XXXXXX)
else
  mkdir -p "$root"
  root=$(cd "$root" && pwd)
  [ -z "$(ls -A "$root")" ] || { echo "fresh-machine.sh: --root $root is not empty" >&2; exit 2; }
fi
logdir="$root.logs" log="$root.logs/fresh-machine.log"
rm -rf "$logdir" && mkdir -p "$logdir"

cleanup() {
  local status=$?
  # The mounts live in the namespace and end with it; this catches any that
  # leaked (e.g. a mount namespace that could not be made private).
  local m
  while read -r m; do
    umount -l "$m" 2>/dev/null || true
  done < <(findmnt -rn -o TARGET | awk -v r="$root/" 'index($0, r) == 1' | sort -r)
  if [ "$keep" -eq 1 ]; then
    echo "fresh-machine: root kept in $root (chroot $root /bin/bash)"
  elif findmnt -rn -o TARGET | awk -v r="$root/" 'index($0, r) == 1 { f = 1 } END { exit !f }'; then
    echo "fresh-machine: something is still mounted under $root; not removing it" >&2
  else
    rm -rf --one-file-system "$root"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

exec > >(tee "$log") 2>&1
t0=$(date +%s)
echo "=== fresh-machine: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $commit ($ref), root $root"
echo "=== fresh-machine: apt sources (from the host):"
echo "$sources" | sed 's/^/    /'
# minbase: Debian's Essential and required packages, as a stock Debian 12 image.
echo "$sources" | mmdebstrap --variant=minbase --mode=root --quiet bookworm "$root" -
t1=$(date +%s)
echo "=== fresh-machine: root built in $((t1 - t0)) s ($(du -sh --one-file-system "$root" | cut -f1))"

git clone --quiet --no-checkout "$repo" "$root/root/nvc"
git -C "$root/root/nvc" checkout --quiet --detach "$commit"

status=0
unshare --mount --propagation private --pid --fork --kill-child \
  -- "$self" --inside "$root" "$ccache" "$logdir" || status=$?
t2=$(date +%s)

summary=$(grep -shE '^[0-9]+% tests passed' "$logdir/test.log" | tail -n 1 || true)
echo "=== fresh-machine summary"
echo "    commit:   $commit ($ref)"
echo "    ccache:   ${ccache:-none (a build from scratch)}"
echo "    root:     $((t1 - t0)) s; setup.sh + test.sh: $((t2 - t1)) s; total $((t2 - t0)) s"
sed 's/^/    /' "$logdir/steps" 2>/dev/null || true
echo "    ctest:    ${summary:-no ctest summary (the tests did not run)}"
sed -n '/^The following tests FAILED:/,/^Errors while running/p' "$logdir/test.log" 2>/dev/null |
  grep -E '^[[:space:]]+[0-9]+ - ' | sed 's/^[[:space:]]*/      failed: /' || true
echo "    logs:     $logdir/ (fresh-machine.log: everything; setup.log, test.log)"
echo "    result:   $([ "$status" -eq 0 ] && echo PASS || echo "FAIL (exit $status)")"
exit "$status"
