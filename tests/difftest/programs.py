"""Programs of the differential tester: scalar types, the AST of generated
kernels and device functions, and printing them as kernel source.

A program is a plain, JSON-serialisable structure (dicts and lists), so that
reproducers can be stored as JSON next to the printed kernel and reloaded by
the reference interpreter (reference.py) and the reducer (reduce.py).

Types are short names: 'b' (bool), 'i8' 'i16' 'i32' 'i64', 'u8' 'u16' 'u32'
'u64', 'f32' 'f64', 'c64' 'c128', and tuples ('tup', [T, ...]).

Expressions: dicts with 'k' (kind) and 't' (the Numba type of the node,
computed by the generator with Numba's rules):
  var n | const v | load a idx | bin op a b | un op a | cmp ops args |
  boolop op a b | ifexp c a b | call f args | attr a attr | item a i |
  tuple items | dcall f args
Statements: dicts with 's':
  assign n e | assign2 ns es (tuple assignment) | aug n op e |
  store a col e (out[i, col] = e) | lstore a idx e (private array) |
  if c body orelse | for v start stop step body | while n limit c body |
  break | continue | atomic op a col e
A kernel: {'name', 'inputs': [(name, T)], 'scalars': [(name, T)],
'outputs': [(name, T, ncols)], 'locals': [(name, T)], 'larrays':
[(name, T, size)], 'body': [stmts], 'devfuncs': [names]}; device
functions: {'name', 'params': [(name, T)], 'body', 'ret': expr}.
"""

INTS = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64']
FLOATS = ['f32', 'f64']
COMPLEX = ['c64', 'c128']
SCALARS = ['b'] + INTS + FLOATS + COMPLEX

NUMBA_NAME = {'b': 'boolean', 'i8': 'int8', 'i16': 'int16', 'i32': 'int32', 'i64': 'int64',
              'u8': 'uint8', 'u16': 'uint16', 'u32': 'uint32', 'u64': 'uint64',
              'f32': 'float32', 'f64': 'float64', 'c64': 'complex64', 'c128': 'complex128'}
NP_NAME = {'b': 'bool_', **{t: NUMBA_NAME[t] for t in SCALARS if t != 'b'}}


_INTS, _FLOATS, _COMPLEX = frozenset(INTS), frozenset(FLOATS), frozenset(COMPLEX)
_SIGNED = frozenset(['i8', 'i16', 'i32', 'i64'])
_BITS = {'b': 1, **{t: int(t.lstrip('iufc')) for t in INTS + FLOATS + COMPLEX}}


def is_int(t):
    return t in _INTS


def is_float(t):
    return t in _FLOATS


def is_complex(t):
    return t in _COMPLEX


def is_signed(t):
    return t in _SIGNED


def bits(t):
    """Bit width of a scalar type (bool: 1; complex: the whole number)."""
    return _BITS[t]


def complex_part(t):
    return {'c64': 'f32', 'c128': 'f64'}[t]


# ---------------------------------------------------------------- printing

PREC = {'or': 1, 'and': 2, 'not': 3, 'cmp': 4, '|': 5, '^': 6, '&': 7, '<<': 8, '>>': 8,
        '+': 9, '-': 9, '*': 10, '/': 10, '//': 10, '%': 10, 'unary': 11, '**': 12,
        'ifexp': 0, 'atom': 13}


def fmt_float(v):
    """A float64 value as a Python expression that evaluates to it exactly."""
    import math
    v = float(v)
    if math.isnan(v):
        return 'math.nan'
    if math.isinf(v):
        return 'math.inf' if v > 0 else '(-math.inf)'
    r = repr(v)
    return r if not r.startswith('-') else '(' + r + ')'


def fmt_int_literal(v):
    """An int64 literal; negative values are parenthesised unary minus, the
    minimum of 32 or 64 bits is written as a difference (its magnitude does
    not fit)."""
    if v in (-2 ** 31, -2 ** 63):
        return '(%d - 1)' % (v + 1)
    return str(v) if v >= 0 else '(%d)' % v


PRINT_IW = [64]   # integer width of the module being printed (module_source sets it)


def const_source(v, t):
    if t == 'b':
        return 'True' if v else 'False'
    if t == 'i64':
        return fmt_int_literal(v)
    if is_int(t):
        # typed constructor of an int64 literal (unsigned values above the
        # signed maximum are written as the negative number that wraps to them)
        m = 32 if (bits(t) == 64 and PRINT_IW[0] == 32) else bits(t)
        if not is_signed(t) and v >= 2 ** (m - 1):
            v -= 2 ** m
        return 'np.%s(%s)' % (NP_NAME[t], fmt_int_literal(v))
    if t == 'f64':
        return fmt_float(v)
    if t == 'f32':
        return 'np.float32(%s)' % fmt_float(v)
    re_, im = v
    if t == 'c128':
        return 'complex(%s, %s)' % (fmt_float(re_), fmt_float(im))
    return 'complex(np.float32(%s), np.float32(%s))' % (fmt_float(re_), fmt_float(im))


CALL_SPELLING = {}   # filled by functions.py: name -> source spelling


def expr_source(e, ctx=0):
    """Kernel source of expression `e`, parenthesised for a context of
    precedence `ctx`."""
    k = e['k']
    if k == 'var':
        return e['n']
    if k == 'const':
        return const_source(e['v'], e['t'])
    if k == 'shape':
        return '%s.shape[0]' % e['a']
    if k == 'load':
        return '%s[%s]' % (e['a'], expr_source(e['idx']))
    if k == 'item':
        return '%s[%d]' % (expr_source(e['a'], PREC['atom']), e['i'])
    if k == 'tuple':
        return '(' + ', '.join(expr_source(x) for x in e['items']) + (',)' if len(e['items']) == 1 else ')')
    if k == 'attr':
        if e['attr'] == 'conjugate':
            return '%s.conjugate()' % expr_source(e['a'], PREC['atom'])
        return '%s.%s' % (expr_source(e['a'], PREC['atom']), e['attr'])
    if k == 'call':
        return '%s(%s)' % (CALL_SPELLING.get(e['f'], e['f']), ', '.join(expr_source(a) for a in e['args']))
    if k == 'dcall':
        return '%s(%s)' % (e['f'], ', '.join(expr_source(a) for a in e['args']))
    if k == 'bin':
        op = e['op']
        p = PREC[op]
        if op == '**':   # right associative, binds tighter than unary on its left
            s = '%s ** %s' % (expr_source(e['a'], p + 1), expr_source(e['b'], PREC['unary']))
        else:
            s = '%s %s %s' % (expr_source(e['a'], p), op, expr_source(e['b'], p + 1))
        return '(' + s + ')' if p < ctx else s
    if k == 'un':
        op = e['op']
        if op == 'not':
            s = 'not ' + expr_source(e['a'], PREC['not'])
            return '(' + s + ')' if PREC['not'] < ctx else s
        s = op + expr_source(e['a'], PREC['unary'] + 1)
        return '(' + s + ')' if PREC['unary'] < ctx else s
    if k == 'cmp':
        parts = [expr_source(e['args'][0], PREC['cmp'] + 1)]
        for op, a in zip(e['ops'], e['args'][1:]):
            parts += [op, expr_source(a, PREC['cmp'] + 1)]
        s = ' '.join(parts)
        return '(' + s + ')' if PREC['cmp'] < ctx else s
    if k == 'boolop':
        p = PREC[e['op']]
        s = '%s %s %s' % (expr_source(e['a'], p), e['op'], expr_source(e['b'], p + 1))
        return '(' + s + ')' if p < ctx else s
    if k == 'ifexp':
        s = '%s if %s else %s' % (expr_source(e['a'], 1), expr_source(e['c'], 1), expr_source(e['b'], 0))
        return '(' + s + ')' if ctx > 0 else s
    if k == 'sg':
        op = e['op']
        if op in SG_SHUFFLES:
            return 'cuda.%s_sync(0xFFFFFFFF, %s, %d)' % (op, expr_source(e['v']), e['d'])
        if op in ('all', 'any', 'ballot'):
            return 'cuda.%s_sync(0xFFFFFFFF, %s)' % (op, expr_source(e['v']))
        return 'nv.subgroup.%s(%s)' % (op, expr_source(e['v']))
    raise ValueError(k)


# Subgroup operations (expression kind 'sg', generated at the kernel body's
# top level, where every invocation below n is active): numba.cuda's
# shuffles of a value by a constant delta or lane, its votes, and
# nv.subgroup's integer reductions, whose results do not depend on the order
# of the lanes.
SG_SHUFFLES = ('shfl_down', 'shfl_up', 'shfl_xor', 'shfl')
SG_REDUCTIONS = ('sum', 'min', 'max')


def block_source(stmts, indent, out):
    pad = '    ' * indent
    if not stmts:
        out.append(pad + 'pass')
    for s in stmts:
        kind = s['s']
        if kind == 'assign':
            out.append('%s%s = %s' % (pad, s['n'], expr_source(s['e'])))
        elif kind == 'assign2':
            out.append('%s%s = %s' % (pad, ', '.join(s['ns']), ', '.join(expr_source(x) for x in s['es'])))
        elif kind == 'aug':
            out.append('%s%s %s= %s' % (pad, s['n'], s['op'], expr_source(s['e'])))
        elif kind == 'store':
            out.append('%s%s[i, %d] = %s' % (pad, s['a'], s['col'], expr_source(s['e'])))
        elif kind == 'lstore':
            out.append('%s%s[%s] = %s' % (pad, s['a'], expr_source(s['idx']), expr_source(s['e'])))
        elif kind == 'atomic':
            out.append('%scuda.atomic.%s(%s, %d, %s)' % (pad, s['op'], s['a'], s['col'], expr_source(s['e'])))
        elif kind == 'if':
            out.append('%sif %s:' % (pad, expr_source(s['c'])))
            block_source(s['body'], indent + 1, out)
            orelse = s['orelse']
            while len(orelse) == 1 and orelse[0]['s'] == 'if':
                o = orelse[0]
                out.append('%selif %s:' % (pad, expr_source(o['c'])))
                block_source(o['body'], indent + 1, out)
                orelse = o['orelse']
            if orelse:
                out.append(pad + 'else:')
                block_source(orelse, indent + 1, out)
        elif kind == 'for':
            out.append('%sfor %s in range(%s, %s, %s):' % (pad, s['v'], expr_source(s['start']),
                                                          expr_source(s['stop']), expr_source(s['step'])))
            block_source(s['body'], indent + 1, out)
        elif kind == 'while':
            # A counted while loop: always terminates; `continue` only after the count.
            out.append('%s%s = 0' % (pad, s['n']))
            out.append('%swhile %s < %d and %s:' % (pad, s['n'], s['limit'], expr_source(s['c'], PREC['and'] + 1)))
            out.append('%s    %s += 1' % (pad, s['n']))
            block_source(s['body'], indent + 1, out)
        elif kind in ('break', 'continue'):
            out.append(pad + kind)
        else:
            raise ValueError(kind)


def array_type(t, ndim):
    return '%s[%s]' % (NUMBA_NAME[t], ', '.join([':'] * (ndim - 1) + ['::1']))


def kernel_signature(k):
    args = [array_type(t, 1) for _, t in k['inputs']]
    args += [NUMBA_NAME[t] for _, t in k['scalars']]
    args += [array_type(t, 2) for _, t, _ in k['outputs']]
    args += [array_type(t, 1) for _, t, _ in k.get('accums', [])]
    return 'void(%s)' % ', '.join(args)


def kernel_params(k):
    return ([n for n, _ in k['inputs']] + [n for n, _ in k['scalars']] +
            [n for n, _, _ in k['outputs']] + [n for n, _, _ in k.get('accums', [])])


def devfunc_source(d, out):
    out.append('@cuda.jit(device=True)')
    out.append('def %s(%s):' % (d['name'], ', '.join(n for n, _ in d['params'])))
    if d['body']:
        block_source(d['body'], 1, out)
    out.append('    return %s' % expr_source(d['ret']))
    out.append('')
    out.append('')


def launch_args(k):
    """nvc-run's grid arguments for kernel `k`: `--grid n`, or for a kernel
    launched in 2-D (k['grid2d'] = (ny, (lx, ly))) a grid of ceil(n / ny) x ny
    invocations in workgroups of lx x ly (kernel_source maps x, y to i)."""
    if not k.get('grid2d'):
        return ['--grid', str(k['n'])]
    ny, (lx, ly) = k['grid2d']
    return ['--grid', '%d,%d' % (-(-k['n'] // ny), ny), '--local-size', '%d,%d' % (lx, ly)]


def kernel_source(k, out):
    out.append('@cuda.jit("%s")' % kernel_signature(k))
    out.append('def %s(%s):' % (k['name'], ', '.join(kernel_params(k))))
    if k.get('grid2d'):
        # The same invocations i = 0 .. n-1, each once, from a 2-D grid: what
        # thread coarsening along y (and its jammed guards) transforms.
        ny = k['grid2d'][0]
        out.append('    x, y = cuda.grid(2)')
        out.append('    i = x * %d + y' % ny)
        out.append('    if y < %d and i < %s.shape[0]:' % (ny, k['inputs'][0][0]))
    else:
        out.append('    i = cuda.grid(1)')
        out.append('    if i < %s.shape[0]:' % k['inputs'][0][0])
    for n, t, size in k.get('larrays', []):
        out.append('        %s = cuda.local.array(%d, numba.%s)' % (n, size, NUMBA_NAME[t]))
    block_source(k['body'], 2, out)
    out.append('')
    out.append('')


HEADER = '''# Generated by tests/difftest (nvc's differential tester); the reference
# results come from tests/difftest/reference.py, not from running this file.
import math
import numpy as np
import numba
from numba import cuda
import numba_vulkan as nv


'''


def module_source(kernels, devfuncs):
    """Source of a module holding `kernels` and the device functions they call."""
    PRINT_IW[0] = kernels[0]['iw'] if kernels else 64
    out = [HEADER.rstrip('\n'), '', '']
    for d in devfuncs:
        devfunc_source(d, out)
    for k in kernels:
        kernel_source(k, out)
    return '\n'.join(out).rstrip('\n') + '\n'
