// The floor under any Swift program on this machine, for animd-bench memory: the standard library and Glibc, and
// nothing else, waiting to be measured until it is killed.
import Glibc

let ready = Array("ready\n".utf8)
_ = ready.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
while true { pause() }
