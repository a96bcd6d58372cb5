#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The generated bash completion (`urix --completion bash`), driven as bash drives it: COMP_WORDS
# and COMP_CWORD set, _urix called, COMPREPLY checked; and it offers every verb `urix` lists.
# Usage: completion_test.sh URIX COMPLETION-SCRIPT
set -u
urix=$1
source "$2"
failures=0

# expect WANTED WORD...: completing the last WORD of the command line WORD... offers WANTED.
expect() {
  local wanted=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _urix
  if [[ "${COMPREPLY[*]}" != "$wanted" ]]; then
    echo "FAILED: urix completes '$*' to '${COMPREPLY[*]}', expected '$wanted'" >&2
    failures=$((failures + 1))
  fi
}

expect "encode" urix enc
# A build without IDNA (URIX_IDNA=OFF) has no to-uri or to-iri: the completion offers to-path alone.
if "$urix" | grep -q '^  to-iri '; then
  expect "to-uri to-iri to-path" urix to-
  expect "--unicode-hosts" urix to-iri --uni
else
  expect "to-path" urix to-
fi
expect "--set" urix encode --se
expect "query query-param" urix encode --set query
expect "whatwg-form" urix check --set whatwg-fo
expect "text json" urix decode --errors ''
expect "--plus" urix decode --pl
expect "scalar" urix --kernel sc
expect "encode" urix --kernel scalar enc
expect "decode" urix help dec
expect "" urix encode abc      # inputs are data: nothing to offer
expect "" urix encode --allow ''

# Every verb that `urix` lists is offered after `urix `.
COMP_WORDS=(urix '')
COMP_CWORD=1
_urix
verbs=$("$urix" | awk '/^Verbs:/ {on = 1; next} on && NF == 0 {exit} on {print $1}')
if [[ -z $verbs ]]; then
  echo "FAILED: no verbs read from the output of 'urix'" >&2
  failures=$((failures + 1))
fi
for verb in $verbs; do
  if [[ " ${COMPREPLY[*]} " != *" $verb "* ]]; then
    echo "FAILED: urix lists the verb '$verb', the completion does not offer it" >&2
    failures=$((failures + 1))
  fi
done

[[ $failures -eq 0 ]] && echo "completion_test: all passed"
exit $((failures > 0))
