# Sourced by ./loadlab and ./run-tests: sets LOADLAB_JAVA_HOME to a JDK >= 21, or prints why not and returns 2.
# Order: $JAVA_HOME, then `java` on PATH, then /usr/lib/jvm/* (newest first; LOADLAB_JDK_DIRS overrides the folder).

loadlab_java_major() { # prints the feature version of the java binary $1, e.g. 17 or 25
  local line v release
  # The JDK's release file says it without starting a JVM (~50 ms of CPU each); `java -version` is the fallback.
  release="$(dirname "$(dirname "$1")")/release"
  if [ -f "$release" ] && line=$(grep -m1 -E '^JAVA_VERSION="[^"]+"' "$release"); then
    v=${line#*\"}; v=${v%%\"*}
  else
    line=$("$1" -version 2>&1 | grep -m1 -E 'version "[^"]+"') || return 1
    v=${line#*version \"}; v=${v%%\"*}
  fi
  case "$v" in 1.*) v=${v#1.} ;; esac
  v=${v%%[.+-]*}
  [[ "$v" =~ ^[0-9]+$ ]] && echo "$v"
}

loadlab_find_jdk() {
  local need=21 found="" candidates=() c home major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if c=$(command -v java 2>/dev/null); then
    c=$(readlink -f "$c"); candidates+=("${c%/bin/java}")
  fi
  for home in $(ls -d "${LOADLAB_JDK_DIRS:-/usr/lib/jvm}"/*/ 2>/dev/null | sort -rV); do candidates+=("${home%/}"); done
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/java" ] || continue
    major=$(loadlab_java_major "$home/bin/java") || continue
    found="$found ${major}(${home})"
    # javac too: ./loadlab builds the jar on first use.
    if [ "$major" -ge "$need" ] && [ -x "$home/bin/javac" ]; then
      LOADLAB_JAVA_HOME=$home
      LOADLAB_JAVA_MAJOR=$major
      export LOADLAB_JAVA_HOME LOADLAB_JAVA_MAJOR
      return 0
    fi
  done
  echo "loadlab: needs a JDK ${need} or newer; found:${found:- none}. Install one (e.g. 'apt-get install openjdk-21-jdk' or Temurin 21+) and set JAVA_HOME to it." >&2
  return 2
}

# Maven 3.9's bundled Guice calls sun.misc.Unsafe, which JDK 24+ warns about on every build; the flag that silences
# it does not exist before JDK 23, so it is added only where it is understood.
loadlab_maven_opts() {
  if [ "${LOADLAB_JAVA_MAJOR:-0}" -ge 24 ]; then
    MAVEN_OPTS="--sun-misc-unsafe-memory-access=allow ${MAVEN_OPTS:-}"
    export MAVEN_OPTS
  fi
}

# Flags of every JVM that runs loadlab (the lab's children get the same, from io.loadlab.core.Defaults.jvmFlags).
# Netty turns sun.misc.Unsafe off on JDK 24+ unless the JVM allows it, and then copies buffers through VarHandles
# and links its direct-memory cleaner through the foreign-function API at start-up: measured with
# bench/loadgen-vs-wrk.sh's setup, that cost the load generator ~5% of its requests/s over 10 s (over 30% in its
# first 2 s) and ~0.3 s of CPU per start.
# Netty loads its native libraries through JNI, which JDK 24+ allows with a warning unless native access is enabled.
loadlab_jvm_flags() {
  LOADLAB_JVM_FLAGS="--enable-native-access=ALL-UNNAMED"
  if [ "${LOADLAB_JAVA_MAJOR:-0}" -ge 23 ]; then
    LOADLAB_JVM_FLAGS="$LOADLAB_JVM_FLAGS --sun-misc-unsafe-memory-access=allow"
  fi
}
