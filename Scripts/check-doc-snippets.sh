#!/usr/bin/env bash
# Type-checks the ```swift blocks of every DocC article (Sources/*/*.docc/*.md) against the built Rill, RillStore
# and RillTesting modules, with -swift-version 6 -warnings-as-errors, so the articles' examples cannot drift from the
# API; and runs the articles marked to be run, checking what they print against what they say they print.
#
# An article is a program, read in order. Its ```swift blocks are compiled together, top to bottom, as one
# main.swift — what a reader who follows the article and pastes each block gets — with the article's module
# imported (`import Rill` in Rill.docc, …) and the blocks' own top-level imports hoisted to the top. A later block
# uses the names an earlier one made; a block that declares a name again fails, as it would for the reader.
# Compiled with -emit-sil, not just -typecheck: Swift 6's data-race checks of regions (sending a non-Sendable
# value) and definite initialization run in the SIL passes, which -typecheck skips. Errors point at the article's
# lines (`#sourceLocation`).
#
# HTML comments, which DocC and GitHub do not show, say what else the check needs to know, each on its own lines:
#
#   <!-- snippet: skip: REASON -->      on the line before a ```swift block: the block is not compiled, for REASON
#                                       (a fragment of a Package.swift, code shown for the compile error it makes);
#   <!-- snippet: alone: REASON -->     on the line before a ```swift block: compiled as a program of its own, not
#                                       part of the article's (an alternative to the block before it, say);
#   <!-- snippet: setup                 Swift code the article's blocks assume but do not show (a type, a value in
#   ```swift                            scope in a fragment), in a ```swift block inside the comment: compiled into
#   let query = Subject<String>()       the article's program where it stands. (The fence is not for show: DocC reads
#   ```                                 a line that starts with `@`, even in a comment, as a directive, unless it is
#   -->                                 in a code block.)
#   <!-- snippet: run -->               before the article's first block: the program is also built against the
#                                       debug build of Rill and run, and its output compared, block by block, with
#                                       what the article says each block prints;
#   <!-- snippet: output -->            on the line before a ```text block in a run article: that block is the
#                                       exact output of the ```swift block before it.
#
# In a run article, what a block prints is the comment lines that end it (`// credit: value 5` says the block
# prints "credit: value 5"), or the ```text block marked `output` after it; a block with neither prints nothing.
# `lastRunReason` and `traced()` write only in a debug build of Rill: run articles need the default (debug) build.
#
# Blocks that are not Swift code for this platform:
# - SwiftUI does not exist on Linux. A block that imports SwiftUI is type-checked against Scripts/doc-snippets/
#   SwiftUI.swift, a stand-in with SwiftUI's own signatures for the few names the articles use (where the real
#   SwiftUI can be imported, on macOS, the real one is used instead). It checks what a view asks of Rill — the model,
#   what its body reads, the closures handed to SwiftUI in Swift 6 — not SwiftUI; a new SwiftUI name in an article
#   needs its declaration there.
# - A Package.swift (fragment) is not code of the app: articles show fragments, marked `skip`; the README's whole
#   manifest is type-checked and loaded by Scripts/check-readme-snippet.sh.
#
# Run from anywhere: Scripts/check-doc-snippets.sh [extra `swift build` arguments]
set -euo pipefail

cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Reads one article (`article`, relative to the repository root) and writes into `dir`:
#   imports      the program's top-level import lines, hoisted;
#   body         the program: each block and setup after a #sourceLocation, its import lines blanked (in a run
#                article each block is preceded by a line that prints the block's header, `=== FILE:LINE ===`);
#   aloneNN.swift, aloneNN.imports   each `alone` block, and its imports;
#   index        one line per ```swift block: "LINE program|alone|skip";
#   run          present when the article is to be run; expected: the output it states, under the same headers.
# Problems with the markers are errors at the article's line, and make the awk exit 1.
parse() {
  awk -v article="$1" -v dir="$2" '
    function fail(line, message) { printf "%s:%d: error: %s\n", article, line, message > "/dev/stderr"; failed = 1 }
    function location(line) { return sprintf("#sourceLocation(file: \"%s\", line: %d)", article, line) }
    function is_import(text) { return text ~ /^(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]/ }
    # Adds a line of a program block or setup to the program.
    function program_line(text) {
      if (is_import(text)) { print text >> (dir "/imports"); text = "" }
      print text >> (dir "/body")
    }
    function close_block(   n, i, first) {
      if (kind == "program" && run) {
        # The comment lines that end the block are what it prints.
        n = 0
        for (i = lines; i >= 1 && block[i] ~ /^\/\/( |$)/; i--) n++
        first = lines - n + 1
        for (i = first; i <= lines; i++) { text = block[i]; sub(/^\/\/ ?/, "", text); expected[blocks] = expected[blocks] text "\n" }
        stated[blocks] = n > 0
      }
      if (kind == "alone") close(dir "/" alone_file)
      in_swift = 0
    }
    BEGIN { blocks = 0; alones = 0; run = 0; pending = ""; printf "" > (dir "/body"); printf "" > (dir "/imports") }
    # A setup comment: its opening line, a ```swift fence, the code, the closing fence, then `-->`.
    in_setup == 1 {
      if ($0 ~ /^```swift[[:space:]]*$/) { in_setup = 2; print location(NR + 1) >> (dir "/body") }
      else { fail(NR, "a `setup` comment holds its code in a ```swift block, on the line after `<!-- snippet: setup`"); in_setup = 0 }
      next
    }
    in_setup == 2 { if ($0 ~ /^```[[:space:]]*$/) in_setup = 3; else program_line($0); next }
    in_setup == 3 {
      if ($0 !~ /^-->[[:space:]]*$/) fail(NR, "a `setup` comment ends with `-->` on the line after its code block")
      in_setup = 0; next
    }
    in_swift {
      if ($0 ~ /^```[[:space:]]*$/) { close_block(); next }
      if (kind == "program") { program_line($0); block[++lines] = $0 }
      else if (kind == "alone") {
        if (is_import($0)) { print $0 >> (dir "/" alone_file ".imports"); print "" >> (dir "/" alone_file) }
        else print $0 >> (dir "/" alone_file)
      }
      next
    }
    in_other {
      if ($0 ~ /^```[[:space:]]*$/) { in_other = 0; output_block = 0; next }
      if (output_block) expected[output_of] = expected[output_of] $0 "\n"
      next
    }
    pending != "" && $0 !~ ("^```" (pending == "output" ? "text" : "swift") "[[:space:]]*$") {
      fail(pending_line, "a `" pending "` marker must be on the line just before a ```" (pending == "output" ? "text" : "swift") " block")
      pending = ""
    }
    /^<!--[[:space:]]*snippet/ {
      if ($0 ~ /^<!-- snippet: setup[[:space:]]*$/) { in_setup = 1; setup_line = NR; next }
      if ($0 ~ /^<!-- snippet: run -->[[:space:]]*$/) {
        if (blocks > 0) fail(NR, "the `run` marker must come before the first ```swift block")
        run = 1; printf "" > (dir "/run"); next
      }
      if ($0 ~ /^<!-- snippet: output -->[[:space:]]*$/) {
        if (!run) fail(NR, "an `output` marker in an article without the `run` marker")
        else if (last_program == 0) fail(NR, "an `output` marker with no ```swift block of the program before it")
        else if (stated[last_program]) fail(NR, "the block before this `output` already ends in the comments that say what it prints")
        pending = "output"; pending_line = NR; output_of = last_program; stated[last_program] = 1; next
      }
      if ($0 ~ /^<!-- snippet: (skip|alone): [^[:space:]].* -->[[:space:]]*$/) {
        pending = ($0 ~ /^<!-- snippet: skip/) ? "skip" : "alone"; pending_line = NR; next
      }
      fail(NR, "unknown or malformed snippet marker (see the header of Scripts/check-doc-snippets.sh): " $0)
      next
    }
    /^[[:space:]]+```[[:space:]]*swift/ { fail(NR, "an indented ```swift block (in a list?) is not checked: unindent it"); next }
    /^```swift[[:space:]]*$/ {
      blocks++; in_swift = 1; lines = 0; kind = (pending == "") ? "program" : pending; pending = ""
      print NR + 1, kind >> (dir "/index")
      if (kind == "program") {
        last_program = blocks; order[++programs] = blocks; header[blocks] = sprintf("=== %s:%d ===", article, NR + 1)
        if (run) printf "Swift.print(\"%s\")\n", header[blocks] >> (dir "/body")
        print location(NR + 1) >> (dir "/body")
      } else if (kind == "alone") {
        alone_file = sprintf("alone%02d.swift", ++alones)
        print location(NR + 1) > (dir "/" alone_file); printf "" > (dir "/" alone_file ".imports")
      }
      next
    }
    /^```/ {
      in_other = 1
      if (pending == "output") { output_block = 1; pending = "" }
      next
    }
    END {
      if (in_swift || in_other) fail(NR, "a code block is not closed")
      if (in_setup) fail(setup_line, "a `setup` comment is not closed (its code block, then `-->`)")
      if (pending != "") fail(pending_line, "a `" pending "` marker at the end of the article")
      if (run) for (i = 1; i <= programs; i++) printf "%s\n%s", header[order[i]], expected[order[i]] > (dir "/expected")
      exit failed
    }' "$1"
}

articles=()
for article in Sources/*/*.docc/*.md; do articles+=("$article"); done
if [ "${#articles[@]}" -eq 0 ]; then
  echo "error: no DocC articles under Sources/*/*.docc" >&2
  exit 1
fi

status=0
for number in "${!articles[@]}"; do
  mkdir -p "$work/$number"
  parse "${articles[$number]}" "$work/$number" || status=1
done
[ "$status" -eq 0 ] || exit 1

modules="$(Scripts/built-modules.sh "$@")"
flags=(-swift-version 6 -warnings-as-errors -diagnostic-style llvm -I "$modules")

# SwiftUI: the real one where it exists, else the stand-in, as a module of that name.
if ! echo 'import SwiftUI' | swiftc -typecheck -swift-version 6 - > /dev/null 2>&1; then
  mkdir -p "$work/stand-ins"
  swiftc -swift-version 6 -warnings-as-errors -parse-as-library -module-name SwiftUI -emit-module \
    -emit-module-path "$work/stand-ins/SwiftUI.swiftmodule" Scripts/doc-snippets/SwiftUI.swift
  flags+=(-I "$work/stand-ins")
fi

# Writes a main.swift to $1: `import $2`, the imports listed in $3 (each once), then the code in $4.
program() {
  { echo "import $2"; awk '!seen[$0]++' "$3"; cat "$4"; } > "$1"
}

compiled=0
skipped=0
ran=0
for number in "${!articles[@]}"; do
  article="${articles[$number]}"
  dir="$work/$number"
  [ -e "$dir/index" ] || continue
  # The catalog's module: Sources/<Module>/<Module>.docc/…
  module="$(basename "$(dirname "$(dirname "$article")")")"
  in_program="$(grep -c ' program$' "$dir/index" || true)"
  typechecks=1
  skipped=$((skipped + $(grep -c ' skip$' "$dir/index" || true)))
  if [ "$in_program" -gt 0 ]; then
    program "$dir/main.swift" "$module" "$dir/imports" "$dir/body"
    if swiftc -emit-sil -o /dev/null "${flags[@]}" "$dir/main.swift"; then
      compiled=$((compiled + in_program))
    else
      echo "error: the $in_program \`\`\`swift block(s) of $article, in order as one main.swift, do not type-check" >&2
      status=1
      typechecks=0
    fi
  fi
  for alone in "$dir"/alone*.swift; do
    [ -e "$alone" ] || continue
    mkdir -p "$alone.d"
    program "$alone.d/main.swift" "$module" "$alone.imports" "$alone"
    if swiftc -emit-sil -o /dev/null "${flags[@]}" "$alone.d/main.swift"; then
      compiled=$((compiled + 1))
    else
      echo "error: a \`\`\`swift block of $article marked \`alone\` does not type-check on its own" >&2
      status=1
    fi
  done
  if [ -e "$dir/run" ] && [ "$typechecks" -eq 1 ]; then
    # The objects of the catalog's module and of those it is built on.
    objects=()
    case "$module" in
      Rill) depends=(Rill) ;;
      RillStore) depends=(Rill RillStore) ;;
      *)
        echo "error: $article is marked \`run\`; only Rill's and RillStore's articles can be run" >&2
        status=1
        continue
        ;;
    esac
    bin="$(dirname "$modules")"
    [ -d "$bin/Rill.build" ] || bin="$modules"
    for target in "${depends[@]}"; do objects+=("$bin/$target.build"/*.o); done
    if ! swiftc "${flags[@]}" "$dir/main.swift" "${objects[@]}" -o "$dir/program"; then
      echo "error: $article is marked \`run\` and does not build" >&2
      status=1
      continue
    fi
    "$dir/program" > "$dir/actual" || {
      echo "error: $article's program, run, exited with status $?" >&2
      status=1
    }
    if diff -u --label "what $article says its blocks print" --label "what they print" \
      "$dir/expected" "$dir/actual" >&2; then
      ran=$((ran + 1))
    else
      echo "error: $article's blocks print something else than the article says (above: -, what it says; +, what" \
        "they print; each block under its header: the comment lines that end a block, or the \`output\` text block" \
        "after it, are what it prints; \`lastRunReason\` and \`traced()\` print only in a debug build)" >&2
      status=1
    fi
  fi
done

if [ "$status" -ne 0 ]; then
  echo "error: DocC article snippets fail (the conventions are in the header of Scripts/check-doc-snippets.sh)" >&2
  exit "$status"
fi
echo "${#articles[@]} DocC articles: $compiled \`\`\`swift blocks type-check against $modules, $skipped skipped" \
  "(each with its reason); $ran article(s) run, their output as stated"
