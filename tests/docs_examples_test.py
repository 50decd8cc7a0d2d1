#!/usr/bin/env python3
"""Runs every command README.md and docs/*.md show, so that none can rot.

    docs_examples_test.py --bin BUILD_DIR --source SOURCE_DIR [--verbose]

Commands are the lines of ```sh blocks (a line ending in a backslash goes
on on the next), and the `$ ` lines of any block: there the lines up to the
next `$ ` are the output the command must print (compared with the blanks
left out; `...` stands for any text). Each runs with bash in a fresh folder
holding `build` (a link to BUILD_DIR), `scripts` (to the source's) and a few
input files the examples read, in the order the documents show them
(README.md, then docs/ by name), so that a build example makes the
database the next examples ask. `slidedb-...` without `build/` runs the
program just built. A command must exit 0, or the status its comment
names ("# exits 65"). A `curl` to 127.0.0.1:8080 is sent to a
`build/slidedb-serve --port 0` started for it on the folder's database.

Then the examples of `slidedb-query --help`, the same way. Usage lines
(`[--option]`) are not commands. Commands that need what a test
cannot have (minutes of building, gigabytes, root, a server left running)
are in SKIPPED below, each with its reason; an entry that no longer matches
any command fails the test, so the list cannot rot either. The same goes
for `slidedb-serve --help`: it must list every endpoint docs/SERVE.md has a
section for, and every parameter of its table of common parameters.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

# (pattern of a command, reason): commands not run.
SKIPPED = [
    (r'^\./scripts/(run|test|build)\.sh\b',
     'installs Debian packages and builds: CI runs these steps itself'),
    (r'^\./scripts/serve\.sh\b', 'builds, then serves until stopped'),
    (r'^\./scripts/package\.sh\b', 'builds the .deb: tests/install_test.sh and '
     'tests/scripts/test_package.sh check packaging'),
    (r'^cmake --install\b', 'installs outside the build: tests/install_test.sh does it'),
    (r'^sudo\b', 'needs root'),
    (r'^man\b', 'needs the package installed'),
    (r'^mpirun\b', 'MPI: tests/mpi (scripts/mpi_identical.sh) runs the MPI build and query'),
    (r'^node tests/browser/', 'the browser tests are ctest\'s browser_page*'),
    (r'^build/slidedb-serve --port 0\b', 'serves until stopped; the curl examples '
     'start their own server'),
    (r'--board 3x4', 'the 3x4 table: 60-240 MB on disk, and --verify of every '
     'table takes minutes with it on a busy machine; tests/faces builds one'),
    (r'--board 2x7', '15 minutes and 16.6 GB of memory'),
    (r'^build/slidedb-build --board 4x4\b', "the 15-puzzle's pattern databases: "
     'minutes and gigabytes (tests/faces builds small ones)'),
    (r'^build/slidedb-build --board 5x5\b', "the 24-puzzle's pattern databases: "
     'minutes and a gigabyte'),
    (r'^\$?\s*(build/)?slidedb-query --board [45]x[45] (?!--metric mtm)',
     'needs the 4x4 or 5x5 pattern databases (not built here)'),
    (r'board=4x4', 'needs the 4x4 pattern databases (not built here)'),
]

SERVE_PORT = '127.0.0.1:8080'

# Input files some examples read: 3x3 states, one a line.
INPUTS = {
    'starts.txt': '867254301\n123456708\n123405786\n',
    'states.txt': '867254301\n123405786\n',
}


class Command:
    def __init__(self, where, text, output, status):
        self.where = where      # "README.md:97"
        self.text = text        # the command, its comment gone
        self.output = output    # the transcript's output, or None
        self.status = status    # the exit status expected


def strip_comment(line):
    """The line without its trailing `# comment` (outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in '\'"':
            quote = ch
        elif ch == '#' and (i == 0 or line[i - 1] in ' \t'):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ''


def commands_of(path, name):
    """The commands of one document, in order."""
    out = []
    lines = open(path, encoding='utf-8').read().split('\n')
    i = 0
    while i < len(lines):
        m = re.match(r'^\s*```(\w*)\s*$', lines[i])
        if not m:
            i += 1
            continue
        lang = m.group(1)
        j = i + 1
        block = []
        while j < len(lines) and not re.match(r'^\s*```\s*$', lines[j]):
            block.append((j + 1, lines[j]))
            j += 1
        i = j + 1
        transcript = any(l.lstrip().startswith('$ ') for _, l in block)
        if lang not in ('sh', '') or (lang == '' and not transcript):
            continue
        k = 0
        while k < len(block):
            number, line = block[k]
            k += 1
            text = line.strip()
            if transcript:
                if not text.startswith('$ '):
                    continue
                text = text[2:]
            if not text or text.startswith('#'):
                continue
            while text.endswith('\\') and k < len(block):
                text = text[:-1].rstrip() + ' ' + block[k][1].strip()
                k += 1
            text, comment = strip_comment(text)
            output = None
            if transcript:
                got = []
                while k < len(block) and not block[k][1].lstrip().startswith('$ '):
                    got.append(block[k][1])
                    k += 1
                output = '\n'.join(got)
            m = re.search(r'\bexits? (\d+)\b', comment)
            out.append(Command(f'{name}:{number}', text, output,
                               int(m.group(1)) if m else 0))
    return out


def help_commands(bin_dir):
    """The examples `slidedb-query --help` shows, run after the documents'
    (which build the 3x3 database they ask)."""
    text = subprocess.run([os.path.join(bin_dir, 'slidedb-query'), '--help'],
                          capture_output=True, text=True).stdout
    out = []
    lines = text.split('\n')
    if 'Examples:' not in lines:
        # Nothing run would look like every example passing.
        raise SystemExit('slidedb-query --help has no "Examples:" section')
    start = lines.index('Examples:') + 1
    for number, line in enumerate(lines[start:], start + 1):
        if not line.strip():
            break
        command, comment = strip_comment(line.strip())
        m = re.search(r'\bexits? (\d+)\b', comment)
        out.append(Command(f'slidedb-query --help:{number}', command, None,
                           int(m.group(1)) if m else 0))
    if not out:
        raise SystemExit('slidedb-query --help: "Examples:" lists no command')
    return out


def is_usage(text):
    return re.search(r'\[-', text) is not None


def skip_reason(cmd, used):
    for k, (pattern, reason) in enumerate(SKIPPED):
        if re.search(pattern, cmd.text):
            used.add(k)
            return reason
    return None


def matches(expected, actual):
    """Whether `actual` is the transcript's output, blanks left out."""
    squeeze = lambda s: re.sub(r'\s+', '', s)
    pieces = [re.escape(p) for p in squeeze(expected).split('...')]
    return re.fullmatch('.*?'.join(pieces), squeeze(actual), re.S) is not None


def start_server(sandbox, env):
    proc = subprocess.Popen(['build/slidedb-serve', '--port', '0'], cwd=sandbox, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r'listening on http://(\S+?)/?$', line.strip())
    if not m:
        proc.kill()
        raise RuntimeError(f'slidedb-serve did not start: {line!r} {proc.stderr.read()}')
    return proc, m.group(1)


def run(cmd, sandbox, env, verbose):
    text = cmd.text
    server = None
    if SERVE_PORT in text:
        server, address = start_server(sandbox, env)
        text = text.replace(SERVE_PORT, address)
    try:
        r = subprocess.run(['bash', '-c', text], cwd=sandbox, env=env, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    problems = []
    if r.returncode != cmd.status:
        problems.append(f'exit status {r.returncode}, the document says {cmd.status}:\n'
                        f'{r.stderr.strip()[-2000:]}')
    if cmd.output is not None and not matches(cmd.output, r.stdout):
        problems.append(f'output differs from the document\'s.\n--- shown:\n{cmd.output}\n'
                        f'--- printed:\n{r.stdout[-3000:]}')
    if verbose:
        print(f'{cmd.where}: {cmd.text}: {r.returncode}', flush=True)
    return problems


def check_serve_help(bin_dir, source):
    """slidedb-serve --help lists what docs/SERVE.md documents."""
    help_text = subprocess.run([os.path.join(bin_dir, 'slidedb-serve'), '--help'],
                               capture_output=True, text=True).stdout
    doc = open(os.path.join(source, 'docs', 'SERVE.md'), encoding='utf-8').read()
    problems = []
    for path in sorted(set(re.findall(r'^###.*?`(?:GET|POST) (/api/\w+)', doc, re.M))):
        if path not in help_text:
            problems.append(f'slidedb-serve --help does not list {path} (docs/SERVE.md does)')
    common = doc.split('### Parameters every question about a table takes', 1)[1]
    common = common.split('###', 1)[0]
    for name in re.findall(r'^\| `(\w+)` \|', common, re.M):
        if f'{name}=' not in help_text:
            problems.append(f'slidedb-serve --help does not name the parameter {name}= '
                            '(docs/SERVE.md does)')
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--bin', required=True, help='the build folder, with slidedb-*')
    ap.add_argument('--source', required=True)
    ap.add_argument('--verbose', action='store_true')
    args = ap.parse_args()
    bin_dir = os.path.abspath(args.bin)
    source = os.path.abspath(args.source)

    docs = [('README.md', os.path.join(source, 'README.md'))]
    docs += [('docs/' + os.path.basename(p), p)
             for p in sorted(glob.glob(os.path.join(source, 'docs', '*.md')))]
    commands = [c for name, path in docs for c in commands_of(path, name)]
    commands += help_commands(bin_dir)

    sandbox = tempfile.mkdtemp(prefix='slidedb-docs-')
    failures = []
    try:
        os.symlink(bin_dir, os.path.join(sandbox, 'build'))
        os.symlink(os.path.join(source, 'scripts'), os.path.join(sandbox, 'scripts'))
        programs = os.path.join(sandbox, '.programs')
        os.mkdir(programs)
        for p in glob.glob(os.path.join(bin_dir, 'slidedb-*')):
            if os.access(p, os.X_OK) and os.path.isfile(p):
                os.symlink(p, os.path.join(programs, os.path.basename(p)))
        for name, content in INPUTS.items():
            with open(os.path.join(sandbox, name), 'w') as f:
                f.write(content)
        env = dict(os.environ)
        env.pop('SLIDEDB_DB', None)
        env['PATH'] = programs + os.pathsep + env.get('PATH', '')

        used = set()
        ran = skipped = 0
        for cmd in commands:
            if is_usage(cmd.text):
                continue
            reason = skip_reason(cmd, used)
            if reason:
                skipped += 1
                if args.verbose:
                    print(f'{cmd.where}: skipped ({reason}): {cmd.text}')
                continue
            ran += 1
            for p in run(cmd, sandbox, env, args.verbose):
                failures.append(f'{cmd.where}: {cmd.text}\n  {p}')
        for k, (pattern, reason) in enumerate(SKIPPED):
            if k not in used:
                failures.append(f'the skip list\'s {pattern!r} ({reason}) matches no command '
                                'any more: remove it')
        failures += check_serve_help(bin_dir, source)
        print(f'{ran} commands run, {skipped} skipped, {len(failures)} failures')
    finally:
        shutil.rmtree(sandbox, ignore_errors=True)
    for f in failures:
        print('FAIL ' + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
