"""The conformance suite's expected failures: case id -> reason.

A case listed here must fail (an unexpected pass fails the run, so the table
stays exact). Each reason is one of:
- later(N): the case needs a feature a later issue adds; the issue's subject
  is the reason, so that the issue turns its rows green;
- vulkan_limit("..."): what Vulkan compute cannot express, stated;
- on_device("llvmpipe", vulkan_limit("...")): a limit of one device only
  (lavapipe's 8-lane subgroups), so the case must pass on others;
- a plain string: a feature of issue 18 (conformance) that nvc still lacks.
"""

# Subjects of the issues that add the features these cases need.
LATER_ISSUES = {
    19: "Errors and printing from inside kernels: raise, error_model=\"python\", boundscheck, print",
    20: "Arrays inside kernels: views, slices, array expressions, reductions",
    22: "Ufuncs ahead of time: vectorize, guvectorize, reduce, cuda.reduce, and @overload",
    23: "Grid-wide synchronisation on Vulkan: cuda.cg.this_grid().sync()",
}


def later(issue):
    return f"issue {issue}: {LATER_ISSUES[issue]}"


def vulkan_limit(what):
    return f"Vulkan limit: {what}"


class DeviceLimit(str):
    """A reason that holds only on devices whose name contains `device`
    (nvc-run --list-devices): elsewhere the case must pass."""
    def __new__(cls, device, reason):
        obj = super().__new__(cls, f"{reason} [on {device}]")
        obj.device = device
        return obj


def on_device(device, reason):
    return DeviceLimit(device, reason)


def applies(reason, device_name):
    """Whether `reason` expects a failure on the device named `device_name`."""
    return not isinstance(reason, DeviceLimit) or reason.device in device_name


def is_later(reason):
    return any(reason.startswith(f"issue {n}:") for n in LATER_ISSUES)


EXPECTED_FAILURES = {
    'doc_cpointer/add_one': 'CPointer kernel arguments (types.CPointer(types.uint8) in a signature)',
    'test_array/add_carray': 'CPointer kernel arguments and carray/farray (types.CPointer(types.float32) in a signature)',
    'test_array/add_farray': 'CPointer kernel arguments and carray/farray (types.CPointer(types.float32) in a signature)',
    'test_array/array_reshape1d__24': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape1d__6d__24': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape1d__empty__0_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape1d__neg1_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape2d__4_6': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape2d__6d__4_6': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape2d__6d__8_3': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape2d__8_3': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape2d__neg1_5': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape3d__5_5_neg1': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape3d__5_neg1_5': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape3d__6d__8_1_3': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape3d__8_1_3': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array/array_reshape3d__empty__1_0_2': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_empty_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_namedtuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_namedunituple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple_of_array_scalar_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple_of_arrays': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple_of_empty_tuples': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple_of_tuples': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_tuple_of_tuples_and_scalars': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_array_args/f_unituple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_atomics/atomic_sub3': 'array index given as a tuple variable with a float64 element (numba-cuda casts atomic index elements to intp)',
    'test_const_string/bytes_assign': 'string constants and character-sequence arrays (dtypes <U12, S12; bytes literals are a parse error of the whole file)',
    'test_const_string/f_bytes_in_record': 'records with bytes or string fields (np.dtype "S"/"U")',
    'test_const_string/f_string_in_record': 'records with bytes or string fields (np.dtype "S"/"U")',
    'test_const_string/str_assign': 'string constants and character-sequence arrays (dtypes <U12, S12; bytes literals are a parse error of the whole file)',
    'test_constmem/cuconst': 'cuda.const.array_like',
    'test_constmem/cuconst2d': 'cuda.const.array_like',
    'test_constmem/cuconst3d': 'cuda.const.array_like',
    'test_constmem/cuconstAlign': 'cuda.const.array_like',
    'test_constmem/cuconstEmpty': 'cuda.const.array_like',
    'test_constmem/cuconstRec': 'cuda.const.array_like of module-level record arrays',
    'test_constmem/cuconstRecAlign': 'cuda.const.array_like of module-level record arrays',
    'test_constmem/cuconstRecEmpty': 'cuda.const.array_like of module-level record arrays',
    'test_datetime/foo_basic': "datetime64/timedelta64 arrays and scalars (NPDatetime('D'), NPTimedelta('D'))",
    'test_datetime/foo_scalar': "datetime64/timedelta64 arrays and scalars (NPDatetime('D'), NPTimedelta('D'))",
    'test_datetime/timediff': "datetime64/timedelta64 arrays and scalars (NPDatetime('D'), NPTimedelta('D'))",
    'test_datetime/timediff_gu': "datetime64/timedelta64 arrays and scalars (NPDatetime('D'), NPTimedelta('D'))",
    'test_device_array_capture/write_kernel': 'a kernel writing a captured device array (cuda.to_device at module level): nvc freezes module-level arrays, read-only in kernels',
    'test_device_func/add_kernel_invalid': 'nvc compiles @jit functions with explicit signatures for the GPU (for the declared signatures); numba-cuda refuses them (explicit signatures disable its CUDA compilation) -- a deliberate difference',
    'test_device_func/add_kernel_other_module': 'functions reached as attributes of a module object (types.ModuleType global)',
    'test_enums/f_compare__circle_two': 'enum members as kernel arguments',
    'test_enums/f_compare__earth_earth': 'enum members as kernel arguments',
    'test_enums/f_compare__red_green': 'enum members as kernel arguments',
    'test_enums/f_compare__red_red': 'enum members as kernel arguments',
    'test_enums/f_compare__venus_mars': 'enum members as kernel arguments',
    'test_enums/f_getattr_getitem': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_cast__300': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_cast__450': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_cast__550': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_coerce__300': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_coerce__450': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_int_coerce__550': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_return_from_device_func': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_enums/f_vectorize': 'Enum/IntEnum members (module-level enum classes) in kernels',
    'test_errors/kernel': 'a string literal argument of a device function (load(buff, "1"))',
    'test_extending/call_func1_nullary': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/call_func1_unary': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/call_non_void_func': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/call_void_func': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/f_attributes': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/f_extension_type_as_arg': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/f_extension_type_as_retvalue': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_extending/f_property': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_intrinsics/f': vulkan_limit("22121216 workgroups along x exceed maxComputeWorkGroupCount[0], 65535 on lavapipe (Vulkan's minimum); one dispatch cannot launch the 5.7e9-thread grid"),
    'test_intrinsics/simple_laneid': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_intrinsics/simple_warpsize': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_iterators/enumerator_zipper': 'nested enumerate()/zip() iterators',
    'test_iterators/zipper_enumerator': 'nested enumerate()/zip() iterators',
    'test_lang/foo': 'enumerate()/zip() over tuples',
    'test_lang/foo_zip': 'enumerate()/zip() over tuples',
    'test_libdevice/use_frexp': 'from numba.cuda import libdevice; libdevice.frexp',
    'test_libdevice/use_sad': 'from numba.cuda import libdevice; libdevice.sad',
    'test_localmem/f_struct_model_type_arr': "numba's low-level extension API (typeof_impl, models, lower_builtin) is not evaluated by nvc",
    'test_make_function_to_jit_function/kernel_basic_apply_like_case': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_close_over_consts': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_close_over_consts_w_args': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_closure_in_escaper': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_escape': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_escape_with_kwargs': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_escape_with_kwargs_override_kwargs': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_nested_escape': 'nested functions (closures) passed as arguments to device functions',
    'test_make_function_to_jit_function/kernel_with_overload': 'nested functions (closures) passed as arguments to device functions',
    'test_print/print_tuple_int64': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_print/print_tuple_nested_mixed': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_print/print_tuple_single': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_recursion/kernel_fib1': vulkan_limit("recursion: SPIR-V for Vulkan forbids cycles in an entry point's static call graph"),
    'test_recursion/kernel_fib2': vulkan_limit("recursion: SPIR-V for Vulkan forbids cycles in an entry point's static call graph"),
    'test_recursion/kernel_fib3': vulkan_limit("recursion: SPIR-V for Vulkan forbids cycles in an entry point's static call graph"),
    # Its views of the dynamic shared array work (e2e shared_slices); dt is what it lacks.
    'test_sm/sm_slice_copy': 'module-level dtype made with numba.cuda.np.numpy_support.from_dtype (dt = nps.from_dtype(np.dtype(np.int64)))',
    'test_sm/use_sm_chunk_copy_bool': 'module-level dtype made with numba.cuda.np.numpy_support.from_dtype (dt = nps.from_dtype(arr.dtype))',
    'test_ssa/foo_issue5493_unneeded_phi': 'tuple kernel arguments',
    'test_ssa/foo_issue5623': "'is' comparisons (pred is True)",
    'test_ssa/function1_caller': 'device functions returning None on some paths (Optional results, `is None`)',
    'test_ssa/test_tuple': 'tuple kernel arguments (UniTuple/Tuple/NamedTuple in a signature)',
    'test_sync/coop_syncwarp': 'cuda.syncwarp with a partial mask (0xFFFF, 0xFF, 0xF, 0x3 naming the lanes that reach it): nvc accepts only masks of all active lanes',
    'test_sync/useless_syncwarp_with_mask': 'cuda.syncwarp with a partial mask (0xFFFF, 0xFF, 0xF, 0x3 naming the lanes that reach it): nvc accepts only masks of all active lanes',
    'test_warp_ops/use_activemask': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_independent_scheduling': '*_sync masks other than all active lanes (partial constant masks such as 0x11111111 in divergent branches)',
    'test_warp_ops/use_lanemask_lt': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_match_all_sync_1': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_match_all_sync_2': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_match_any_sync': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_shfl_sync_down': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_shfl_sync_idx': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_shfl_sync_up': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_shfl_sync_xor': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_vote_sync_all_2': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_vote_sync_all_with_mask_int32_int32': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_mask_int64_int64': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_mask_uint32_bool': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_mask_uint32_uint32': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_mask_uint64_bool': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_mask_uint64_uint64': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_all_with_predicate_literal': '*_sync masks other than all active lanes (a mask loaded from an array)',
    'test_warp_ops/use_vote_sync_any_2': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_vote_sync_ballot': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
    'test_warp_ops/use_vote_sync_eq_2': on_device('llvmpipe', vulkan_limit("the subgroup size is the device's (cuda.warpsize is SubgroupSize: 8 on lavapipe), while upstream asserts 32-lane warps")),
}
