# Sourced by ./loadlab: keeps a class-data-sharing archive of the jar (JDK dynamic AppCDS), so a loadlab JVM maps the
# classes it needs already parsed and verified instead of inflating them from the 36 MB jar. Measured on one pinned
# core: ~0.3 s less CPU per start (bench/loadgen-vs-wrk.sh counts start-up against the load generator).
#
# The archive is recorded once per build and JDK, by a 1 s `loadlab load` against `loadlab backend` (both on
# loopback, the backend stopped by PID). It is keyed by the JDK's exact runtime version and rebuilt when the jar is
# newer. LOADLAB_CDS=0 turns it off. A JVM that cannot use the archive ignores it; its CDS warnings are silenced so
# that stdout stays machine-readable.

# Sets LOADLAB_CDS_FLAGS to the flags that use the archive (empty when off or missing), and LOADLAB_CDS_NEEDED to 1
# when the archive is missing or stale and recording it has not already failed for this jar. $1: the jar; $2: 1 to
# record the archive when it is needed.
loadlab_cds() {
  local jar=$1 record=$2 dir version archive
  LOADLAB_CDS_FLAGS=""
  LOADLAB_CDS_NEEDED=0
  [ "${LOADLAB_CDS:-1}" != 0 ] || return 0
  dir="$(dirname "$jar")/cds"
  version=$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"$/\1/p' "$LOADLAB_JAVA_HOME/release" 2>/dev/null | head -n 1)
  version=${version:-$LOADLAB_JAVA_MAJOR}
  archive="$dir/loadlab-${version//[^A-Za-z0-9._-]/_}.jsa"
  if [ ! "$archive" -nt "$jar" ] && [ ! "$archive.failed" -nt "$jar" ]; then
    LOADLAB_CDS_NEEDED=1
    if [ "$record" = 1 ]; then
      loadlab_cds_record "$jar" "$archive" || true
    fi
  fi
  if [ "$archive" -nt "$jar" ]; then
    LOADLAB_CDS_FLAGS="-XX:SharedArchiveFile=$archive -Xlog:cds=off -Xlog:cds+dynamic=off"
  fi
}

loadlab_cds_record() {
  local jar=$1 archive=$2 java="$LOADLAB_JAVA_HOME/bin/java" tmp pid port start=$SECONDS
  mkdir -p "$(dirname "$archive")"
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/loadlab-cds.XXXXXX")
  echo "loadlab: recording the class-data archive of this build (once; LOADLAB_CDS=0 skips it) ..." >&2
  # shellcheck disable=SC2086
  "$java" $LOADLAB_JVM_FLAGS -jar "$jar" backend --port 0 >"$tmp/backend.out" 2>"$tmp/backend.err" &
  pid=$!
  for _ in $(seq 200); do
    port=$(sed -n 's/.*"port":\([0-9]*\).*/\1/p' "$tmp/backend.out")
    [ -n "$port" ] || ! kill -0 "$pid" 2>/dev/null && break
    sleep 0.1
  done
  if [ -n "$port" ]; then
    # shellcheck disable=SC2086
    "$java" $LOADLAB_JVM_FLAGS -XX:ArchiveClassesAtExit="$archive.tmp" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -jar "$jar" load -t1 -c8 -d1s --latency --json "$tmp/load.json" --hlog "$tmp/load.hlog" \
      "http://127.0.0.1:$port/hello?delay_ms=0" >"$tmp/load.out" 2>&1 || true
  fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ -s "$archive.tmp" ] && grep -q "Requests/sec" "$tmp/load.out"; then
    mv -f "$archive.tmp" "$archive"
    echo "loadlab: class-data archive recorded in $((SECONDS - start))s." >&2
    rm -rf "$tmp"
    return 0
  fi
  rm -f "$archive.tmp"
  : >"$archive.failed"
  echo "loadlab: could not record the class-data archive (logs in $tmp); starting without it." >&2
  return 1
}
