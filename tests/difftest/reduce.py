"""Automatic reduction of a failing program to a small reproducer (delta
debugging over statements and expressions, as C-Reduce and Csmith's
reducers do, but on the typed AST, so every candidate stays well typed).

A candidate is kept when it still fails in the same way: the same kind
('mismatch', 'crash', 'invalid', 'run', 'refused') and, for diagnostics,
the same message with numbers removed. Passes, repeated until nothing
changes:
  1. delete statements (chunks of a block, halving, then single ones);
  2. replace an `if` by its body or its else block, a loop by its body run
     once (when it holds no break/continue of its own);
  3. replace an expression by one of its operands of the same type or by a
     constant of its type (0, 1, False, True, ...);
  4. drop device functions no longer called, unused inputs and scalars.
A program in which constzero.py finds no constant zero operand of float
arithmetic is kept free of them (such candidates fail for lavapipe's
reason, docs/language.md "Precision").
"""
import copy
import re

from runner import run_module, Case
from constzero import hazards


def signature(kind, detail):
    if kind in ('crash', 'refused', 'invalid', 'run'):
        m = re.search(r'error: (.*)', str(detail))
        text = m.group(1) if m else str(detail)[:200]
        return kind, re.sub(r'[0-9]+', 'N', re.sub(r"'[^']*'", "'X'", text))[:120]
    if kind == 'mismatch':
        return kind, tuple(sorted({(name, col) for name, row, col, got, want, ulps in detail}))
    return kind, None


def failure_of(tools, case, flags, tag):
    try:
        case.reference()       # the candidate must still be a valid program for the reference
    except Exception:
        return None
    res = run_module(tools, [case], flags, tag)
    if not res:
        return None
    c, kind, detail = res[0]
    return signature(kind, detail)


# ----------------------------------------------------------- AST sites

def stmt_lists(node, path=()):
    """Paths of every statement list in a kernel/devfunc body."""
    if isinstance(node, dict):
        for key in ('body', 'orelse'):
            if key in node and isinstance(node[key], list):
                yield path + (key,)
                for j, s in enumerate(node[key]):
                    yield from stmt_lists(s, path + (key, j))


def expr_sites(node, path=()):
    """Paths of every expression (pre-order: parents before children)."""
    if isinstance(node, dict):
        if 'k' in node:
            yield path
        for key, v in node.items():
            if isinstance(v, dict):
                yield from expr_sites(v, path + (key,))
            elif isinstance(v, list) and key not in ('ops',):
                for j, x in enumerate(v):
                    if isinstance(x, dict):
                        yield from expr_sites(x, path + (key, j))


def get(node, path):
    for p in path:
        node = node[p]
    return node


def put(node, path, value):
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value


def has_own_jump(stmts):
    for s in stmts:
        if s['s'] in ('break', 'continue'):
            return True
        if s['s'] == 'if' and (has_own_jump(s['body']) or has_own_jump(s['orelse'])):
            return True
    return False


def constants_of(t):
    if t == 'b':
        return [False, True]
    if t.startswith('i') or t.startswith('u'):
        return [0, 1]
    if t.startswith('f'):
        return [0.0, 1.0]
    if t.startswith('c'):
        return [[0.0, 0.0], [1.0, 0.0]]
    return []


def children_same_type(e):
    out = []
    for key, v in e.items():
        if isinstance(v, dict) and v.get('t') == e['t'] and 'k' in v:
            out.append(v)
        elif isinstance(v, list) and key != 'ops':
            out += [x for x in v if isinstance(x, dict) and x.get('t') == e['t'] and 'k' in x]
    return out


# ----------------------------------------------------------- the reducer

class Reducer:
    def __init__(self, tools, case, flags, log, budget=400):
        self.tools, self.flags, self.log = tools, flags, log
        self.case = case
        self.budget = budget
        self.tries = 0
        self.target = failure_of(tools, case, flags, 'red0')
        # A program without a constant zero operand of float arithmetic
        # (constzero.py: lavapipe folds those wrongly) must not be reduced
        # into one: that would fail for the driver's reason, not the original.
        self.keep_zero_free = not hazards(case.kernel, case.devfuncs)

    def still_fails(self, cand):
        if self.tries >= self.budget:
            return False
        if self.keep_zero_free and hazards(cand.kernel, cand.devfuncs):
            return False
        self.tries += 1
        got = failure_of(self.tools, cand, self.flags, 'red%d' % (self.tries % 2))
        if got is None or self.target is None or got[0] != self.target[0]:
            return False
        if got[0] == 'mismatch':
            # the first mismatching (array, column) of the original must still mismatch
            return self.target[1][0] in got[1]
        return got == self.target

    def variant(self, mutate):
        k = copy.deepcopy(self.case.kernel)
        ds = copy.deepcopy(self.case.devfuncs)
        if mutate(k, ds) is False:
            return None
        return Case(k, ds, self.case.inputs, self.case.scalars)

    def accept(self, cand):
        if cand is not None and self.still_fails(cand):
            self.case = cand
            return True
        return False

    def pass_delete(self):
        changed = False
        for root in self.roots():
            lists = list(stmt_lists(root[1](self.case.kernel, self.case.devfuncs)))
            for lp in reversed(lists):
                try:
                    stmts = get(root[1](self.case.kernel, self.case.devfuncs), lp)
                except (KeyError, IndexError, TypeError):
                    continue
                n = len(stmts)
                chunk = max(1, n // 2)
                while chunk >= 1:
                    j = 0
                    while j < len(get(root[1](self.case.kernel, self.case.devfuncs), lp)):
                        def mutate(k, ds, j=j, chunk=chunk):
                            lst = get(root[1](k, ds), lp)
                            if j >= len(lst):
                                return False
                            del lst[j:j + chunk]
                        if self.accept(self.variant(mutate)):
                            changed = True
                        else:
                            j += chunk
                    chunk //= 2
        return changed

    def roots(self):
        """(name, accessor) of the kernel and each device function."""
        yield 'kernel', lambda k, ds: k
        for j in range(len(self.case.devfuncs)):
            yield 'dev%d' % j, (lambda j: lambda k, ds: ds[j])(j)

    def pass_flatten(self):
        changed = False
        for _, acc in self.roots():
            for lp in list(stmt_lists(acc(self.case.kernel, self.case.devfuncs))):
                try:
                    n = len(get(acc(self.case.kernel, self.case.devfuncs), lp))
                except (KeyError, IndexError, TypeError):
                    continue
                for j in range(n):
                    for how in ('body', 'orelse', 'loop'):
                        def mutate(k, ds, j=j, how=how):
                            lst = get(acc(k, ds), lp)
                            if j >= len(lst):
                                return False
                            s = lst[j]
                            if s['s'] == 'if' and how in ('body', 'orelse'):
                                lst[j:j + 1] = s[how]
                            elif s['s'] == 'for' and how == 'loop' and not has_own_jump(s['body']):
                                lst[j:j + 1] = [{'s': 'assign', 'n': s['v'], 'e': s['start']}] + s['body']
                            elif s['s'] == 'while' and how == 'loop' and not has_own_jump(s['body']):
                                lst[j:j + 1] = [{'s': 'assign', 'n': s['n'], 'e': {'k': 'const', 'v': 1, 't': 'i64'}}] + s['body']
                            else:
                                return False
                        if self.accept(self.variant(mutate)):
                            changed = True
        return changed

    def pass_exprs(self):
        changed = False
        for _, acc in self.roots():
            j = 0
            while True:
                sites = list(expr_sites(acc(self.case.kernel, self.case.devfuncs)))
                if j >= len(sites):
                    break
                p = sites[j]
                e = get(acc(self.case.kernel, self.case.devfuncs), p)
                repls = [copy.deepcopy(c) for c in children_same_type(e)]
                if e['k'] != 'const':
                    repls += [{'k': 'const', 'v': v, 't': e['t']} for v in constants_of(e['t'])]
                elif e['v'] not in constants_of(e['t']):
                    repls += [{'k': 'const', 'v': v, 't': e['t']} for v in constants_of(e['t'])]
                for rep in repls:
                    def mutate(k, ds, p=p, rep=rep):
                        put(acc(k, ds), p, rep)
                    if self.accept(self.variant(mutate)):
                        changed = True
                        break
                j += 1
        return changed

    def pass_cleanup(self):
        import json
        text = json.dumps([self.case.kernel['body'], [d for d in self.case.devfuncs]])
        changed = False
        used = [d for d in self.case.devfuncs if ('"%s"' % d['name']) in json.dumps(self.case.kernel['body']) or
                any(('"%s"' % d['name']) in json.dumps(o) for o in self.case.devfuncs if o is not d)]
        if len(used) < len(self.case.devfuncs):
            def mutate(k, ds):
                keep = {d['name'] for d in used}
                ds[:] = [d for d in ds if d['name'] in keep]
                k['devfuncs'] = [n for n in k['devfuncs'] if n in keep]
            changed |= self.accept(self.variant(mutate))
        for name, t in list(self.case.kernel['inputs'][1:]):
            if '"%s"' % name not in text:
                def mutate(k, ds, name=name):
                    k['inputs'] = [x for x in k['inputs'] if x[0] != name]
                cand = self.variant(mutate)
                if cand is not None:
                    cand.inputs = {n: a for n, a in cand.inputs.items() if n != name}
                    changed |= self.accept(cand)
        if self.case.kernel.get('larrays') and '"la"' not in text:
            def mutate(k, ds):
                k['larrays'] = []
            changed |= self.accept(self.variant(mutate))
        return changed

    def pass_other_outputs(self):
        """One candidate: every store to another output column removed
        (most of a program computes values nobody needs for this failure)."""
        if self.target[0] != 'mismatch':
            return False
        keep = self.target[1][0]

        def strip(stmts):
            out = []
            for s in stmts:
                if s['s'] == 'store' and (s['a'], s['col']) != keep:
                    continue
                if s['s'] == 'atomic' and (s['a'], s['col']) != keep:
                    continue
                for key in ('body', 'orelse'):
                    if key in s:
                        s[key] = strip(s[key])
                out.append(s)
            return out

        def mutate(k, ds):
            k['body'] = strip(k['body'])
        return self.accept(self.variant(mutate))

    def run(self):
        if self.target is None or self.target[0] == 'pass':
            self.log('reduce: the failure does not reproduce on its own')
            return None
        self.pass_other_outputs()
        while self.tries < self.budget:
            changed = self.pass_delete()
            changed |= self.pass_flatten()
            changed |= self.pass_exprs()
            changed |= self.pass_cleanup()
            if not changed:
                break
        self.log('reduce: %d candidates tried' % self.tries)
        return self.case


def reduce_case(tools, case, flags, kind, log, budget=250):
    return Reducer(tools, case, flags, log, budget).run()
