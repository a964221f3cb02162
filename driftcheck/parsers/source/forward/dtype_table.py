"""Which dtype families torch refuses, per op and tensor position (generated: do not edit).

Written by ``tools/gen_dtype_table.py`` from torch 2.13.0 (CPU): ``REFUSES[(op, position)]``
maps a family (``int`` = int8..int64, ``uint8``, ``bool``, ``float`` = float16..float64,
``complex``) to torch's message, for the families where every dtype of the family, with the
other tensors float32 or of the same dtype, under every probed call form, raised. ``op`` is
``torch.<fn>``, ``torch.nn.functional.<fn>``, ``Tensor.<method>``, ``Tensor.__lt__`` (a
comparison with a number or a tensor) or ``nn.<Layer>`` (a layer of that type called on it).
``tests/test_crash22_dtypes.py`` re-measures it against the installed torch.
"""

from __future__ import annotations

TORCH_VERSION = "2.13.0"

REFUSES: dict[tuple[str, int], dict[str, str]] = {
    ("Tensor.__ge__", 0): {
        "complex": "NotImplementedError: \"ge_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__ge__", 1): {
        "complex": "NotImplementedError: \"ge_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__gt__", 0): {
        "complex": "NotImplementedError: \"gt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__gt__", 1): {
        "complex": "NotImplementedError: \"gt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__le__", 0): {
        "complex": "NotImplementedError: \"le_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__le__", 1): {
        "complex": "NotImplementedError: \"le_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__lt__", 0): {
        "complex": "NotImplementedError: \"lt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.__lt__", 1): {
        "complex": "NotImplementedError: \"lt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.abs", 0): {"bool": "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'"},
    ("Tensor.amax", 0): {
        "complex": "NotImplementedError: \"max_values_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.amin", 0): {
        "complex": "NotImplementedError: \"min_values_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.argmax", 0): {
        "bool": "RuntimeError: argmax(): does not support bool input",
        "complex": "RuntimeError: argmax(): does not support complex input",
    },
    ("Tensor.argmin", 0): {
        "bool": "RuntimeError: argmin(): does not support bool input",
        "complex": "RuntimeError: argmin(): does not support complex input",
    },
    ("Tensor.argsort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("Tensor.atan2", 0): {
        "complex": "NotImplementedError: \"atan2_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.atan2", 1): {
        "complex": "NotImplementedError: \"atan2_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.bincount", 0): {
        "bool": "NotImplementedError: \"bincount_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"bincount_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bincount_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_and", 0): {
        "complex": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_and", 1): {
        "complex": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_not", 0): {
        "complex": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_or", 0): {
        "complex": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_or", 1): {
        "complex": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_xor", 0): {
        "complex": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    },
    ("Tensor.bitwise_xor", 1): {
        "complex": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    },
    ("Tensor.cauchy_", 0): {
        "bool": "RuntimeError: Cauchy distribution is a continuous probability "
        "distribution. dtype must be a floating point but you specified "
        "bool",
        "complex": "RuntimeError: Cauchy distribution is a continuous "
        "probability distribution. dtype must be a floating point but "
        "you specified c10::complex<float>",
        "int": "RuntimeError: Cauchy distribution is a continuous probability "
        "distribution. dtype must be a floating point but you specified "
        "long int",
        "uint8": "RuntimeError: Cauchy distribution is a continuous probability "
        "distribution. dtype must be a floating point but you specified "
        "unsigned char",
    },
    ("Tensor.ceil", 0): {
        "bool": "NotImplementedError: \"ceil_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: ceil is not supported for complex inputs",
    },
    ("Tensor.clamp", 0): {
        "complex": "NotImplementedError: clamp is not supported for complex types"
    },
    ("Tensor.clip", 0): {
        "complex": "NotImplementedError: clamp is not supported for complex types"
    },
    ("Tensor.copysign", 0): {
        "complex": "NotImplementedError: \"copysign_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.copysign", 1): {
        "complex": "NotImplementedError: \"copysign_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.cross", 0): {"bool": "NotImplementedError: \"cross\" not implemented for 'Bool'"},
    ("Tensor.cross", 1): {"bool": "RuntimeError: expected scalar type Float but found Bool"},
    ("Tensor.cummax", 0): {
        "complex": "NotImplementedError: \"cummax_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.cummin", 0): {
        "complex": "NotImplementedError: \"cummin_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.deg2rad", 0): {
        "complex": "RuntimeError: deg2rad is not supported for complex tensors."
    },
    ("Tensor.digamma", 0): {
        "complex": "NotImplementedError: \"digamma\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.dist", 0): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with a bool tensor is "
        "not supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("Tensor.dist", 1): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with a bool tensor is "
        "not supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("Tensor.erf", 0): {
        "complex": "NotImplementedError: \"erf_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.erfc", 0): {
        "complex": "NotImplementedError: \"erfc_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.erfinv", 0): {
        "complex": "NotImplementedError: \"erfinv_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.exponential_", 0): {
        "bool": "RuntimeError: Exponential distribution is a continuous "
        "probability distribution. dtype must be a floating point "
        "but you specified Bool",
        "complex": "RuntimeError: Exponential distribution is a continuous "
        "probability distribution. dtype must be a floating "
        "point but you specified ComplexFloat",
        "int": "RuntimeError: Exponential distribution is a continuous "
        "probability distribution. dtype must be a floating point "
        "but you specified Long",
        "uint8": "RuntimeError: Exponential distribution is a continuous "
        "probability distribution. dtype must be a floating point "
        "but you specified Byte",
    },
    ("Tensor.floor", 0): {
        "bool": "NotImplementedError: \"floor_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: floor is not supported for complex inputs",
    },
    ("Tensor.floor_divide", 0): {
        "complex": "NotImplementedError: \"div_floor_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.floor_divide", 1): {
        "complex": "NotImplementedError: \"div_floor_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.fmax", 0): {"complex": "RuntimeError: fmax not implemented for complex tensors."},
    ("Tensor.fmax", 1): {"complex": "RuntimeError: fmax not implemented for complex tensors."},
    ("Tensor.fmin", 0): {"complex": "RuntimeError: fmin not implemented for complex tensors."},
    ("Tensor.fmin", 1): {"complex": "RuntimeError: fmin not implemented for complex tensors."},
    ("Tensor.fmod", 0): {
        "complex": "NotImplementedError: \"fmod_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.fmod", 1): {
        "complex": "NotImplementedError: \"fmod_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.frac", 0): {
        "bool": "NotImplementedError: \"frac_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"frac_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"frac_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"frac_cpu\" not implemented for 'Byte'",
    },
    ("Tensor.frexp", 0): {
        "bool": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "complex": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "int": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "uint8": "RuntimeError: torch.frexp() only supports floating-point dtypes",
    },
    ("Tensor.gcd", 0): {
        "bool": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"gcd_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    },
    ("Tensor.gcd", 1): {
        "bool": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"gcd_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    },
    ("Tensor.geometric_", 0): {
        "bool": "NotImplementedError: \"geometric_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"geometric_cpu\" not implemented for 'ComplexFloat'",
    },
    ("Tensor.heaviside", 0): {
        "complex": "RuntimeError: heaviside is not yet implemented for complex tensors."
    },
    ("Tensor.heaviside", 1): {
        "complex": "RuntimeError: heaviside is not yet implemented for complex tensors."
    },
    ("Tensor.histc", 0): {
        "bool": "NotImplementedError: \"linspace_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"aminmax_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"histogram_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"histogram_cpu\" not implemented for 'Byte'",
    },
    ("Tensor.hypot", 0): {
        "complex": "NotImplementedError: \"hypot_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.hypot", 1): {
        "complex": "NotImplementedError: \"hypot_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.i0", 0): {
        "complex": "NotImplementedError: \"i0_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.kthvalue", 0): {
        "bool": "NotImplementedError: \"kthvalue_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"kthvalue_cpu\" not implemented for 'ComplexFloat'",
    },
    ("Tensor.lcm", 0): {
        "bool": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"lcm_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    },
    ("Tensor.lcm", 1): {
        "bool": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"lcm_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    },
    ("Tensor.lerp", 0): {
        "bool": "RuntimeError: expected dtype bool for `end` but got dtype float",
        "int": "RuntimeError: expected dtype long int for `end` but got dtype float",
        "uint8": "RuntimeError: expected dtype unsigned char for `end` but got dtype float",
    },
    ("Tensor.lerp", 1): {
        "bool": "RuntimeError: expected dtype float for `end` but got dtype bool",
        "int": "RuntimeError: expected dtype float for `end` but got dtype long int",
        "uint8": "RuntimeError: expected dtype float for `end` but got dtype unsigned char",
    },
    ("Tensor.lerp", 2): {
        "bool": "RuntimeError: expected dtype float for `weight` but got dtype bool",
        "int": "RuntimeError: expected dtype float for `weight` but got dtype long int",
        "uint8": "RuntimeError: expected dtype float for `weight` but got dtype unsigned char",
    },
    ("Tensor.lgamma", 0): {
        "complex": "NotImplementedError: \"lgamma_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.log_normal_", 0): {
        "bool": "NotImplementedError: \"log_normal_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"log_normal_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"log_normal_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"log_normal_cpu\" not implemented for 'Byte'",
    },
    ("Tensor.log_softmax", 0): {
        "bool": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Bool'",
        "complex": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" '
        "not implemented for 'ComplexFloat'",
        "int": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Long'",
        "uint8": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Byte'",
    },
    ("Tensor.logcumsumexp", 0): {
        "bool": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Byte'",
    },
    ("Tensor.logit", 0): {
        "complex": "NotImplementedError: \"logit_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.max", 0): {
        "complex": "NotImplementedError: \"max_all\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.maximum", 0): {
        "complex": "RuntimeError: maximum not implemented for complex tensors."
    },
    ("Tensor.maximum", 1): {
        "complex": "RuntimeError: maximum not implemented for complex tensors."
    },
    ("Tensor.mean", 0): {
        "bool": "RuntimeError: mean(): could not infer output dtype. Input dtype "
        "must be either a floating point or complex dtype. Got: Bool",
        "int": "RuntimeError: mean(): could not infer output dtype. Input dtype "
        "must be either a floating point or complex dtype. Got: Long",
        "uint8": "RuntimeError: mean(): could not infer output dtype. Input dtype "
        "must be either a floating point or complex dtype. Got: Byte",
    },
    ("Tensor.median", 0): {
        "bool": "NotImplementedError: \"median_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"median_cpu\" not implemented for 'ComplexFloat'",
    },
    ("Tensor.min", 0): {
        "complex": "NotImplementedError: \"min_all\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.minimum", 0): {
        "complex": "RuntimeError: minimum not implemented for complex tensors."
    },
    ("Tensor.minimum", 1): {
        "complex": "RuntimeError: minimum not implemented for complex tensors."
    },
    ("Tensor.mode", 0): {
        "complex": "NotImplementedError: \"mode_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.msort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("Tensor.multinomial", 0): {
        "bool": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: Bool",
        "complex": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: ComplexFloat",
        "int": "RuntimeError: multinomial only supports floating-point dtypes for input, got: Long",
        "uint8": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: Byte",
    },
    ("Tensor.nanmean", 0): {
        "bool": "RuntimeError: nanmean(): expected input to have floating point "
        "or complex dtype but got Bool",
        "complex": "RuntimeError: nansum on CPU does not support complex inputs",
        "int": "RuntimeError: nanmean(): expected input to have floating point "
        "or complex dtype but got Long",
        "uint8": "RuntimeError: nanmean(): expected input to have floating point "
        "or complex dtype but got Byte",
    },
    ("Tensor.nanmedian", 0): {
        "bool": "NotImplementedError: \"median_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"median_cpu\" not implemented for 'ComplexFloat'",
    },
    ("Tensor.nanquantile", 0): {
        "bool": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "complex": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "int": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "uint8": "RuntimeError: quantile() input tensor must be either float or double dtype",
    },
    ("Tensor.neg", 0): {
        "bool": "RuntimeError: Negation, the `-` operator, on a bool tensor is not "
        "supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("Tensor.nextafter", 0): {
        "complex": "NotImplementedError: \"nextafter_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.nextafter", 1): {
        "complex": "NotImplementedError: \"nextafter_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.norm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("Tensor.normal_", 0): {
        "bool": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Byte'",
    },
    ("Tensor.positive", 0): {
        "bool": "RuntimeError: The `+` operator, on a bool tensor is not supported."
    },
    ("Tensor.quantile", 0): {
        "bool": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "complex": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "int": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "uint8": "RuntimeError: quantile() input tensor must be either float or double dtype",
    },
    ("Tensor.rad2deg", 0): {
        "complex": "RuntimeError: rad2deg is not supported for complex tensors."
    },
    ("Tensor.relu", 0): {
        "bool": "RuntimeError: Boolean inputs not supported for relu",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("Tensor.remainder", 0): {
        "complex": "NotImplementedError: \"remainder_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.remainder", 1): {
        "complex": "NotImplementedError: \"remainder_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.renorm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("Tensor.requires_grad_", 0): {
        "bool": "RuntimeError: only Tensors of floating point dtype can require gradients",
        "int": "RuntimeError: only Tensors of floating point dtype can require gradients",
        "uint8": "RuntimeError: only Tensors of floating point dtype can require gradients",
    },
    ("Tensor.round", 0): {
        "bool": "NotImplementedError: \"round_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"round_vml_cpu\" not implemented for 'ComplexFloat'",
    },
    ("Tensor.sign", 0): {
        "complex": "NotImplementedError: Unlike NumPy, torch.sign is not intended "
        "to support complex numbers. Please use torch.sgn instead."
    },
    ("Tensor.signbit", 0): {
        "complex": "NotImplementedError: signbit is not implemented for complex tensors."
    },
    ("Tensor.softmax", 0): {
        "bool": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("Tensor.sort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("Tensor.std", 0): {
        "bool": "RuntimeError: std and var only support floating point and complex dtypes",
        "int": "RuntimeError: std and var only support floating point and complex dtypes",
        "uint8": "RuntimeError: std and var only support floating point and complex dtypes",
    },
    ("Tensor.topk", 0): {
        "bool": "RuntimeError: topk does not support bool dtypes on CPU",
        "complex": "RuntimeError: topk does not support complex dtypes on CPU",
    },
    ("Tensor.trunc", 0): {
        "bool": "NotImplementedError: \"trunc_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: trunc is not supported for complex inputs",
    },
    ("Tensor.uniform_", 0): {
        "bool": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Byte'",
    },
    ("Tensor.unique", 0): {
        "complex": "NotImplementedError: \"unique\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.var", 0): {
        "bool": "RuntimeError: std and var only support floating point and complex dtypes",
        "int": "RuntimeError: std and var only support floating point and complex dtypes",
        "uint8": "RuntimeError: std and var only support floating point and complex dtypes",
    },
    ("Tensor.xlogy", 0): {
        "complex": "NotImplementedError: \"xlogy_cpu\" not implemented for 'ComplexFloat'"
    },
    ("Tensor.xlogy", 1): {
        "complex": "NotImplementedError: \"xlogy_cpu\" not implemented for 'ComplexFloat'"
    },
    ("nn.AdaptiveAvgPool1d", 0): {
        "bool": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "adaptive_avg_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Byte'",
    },
    ("nn.AdaptiveAvgPool2d", 0): {
        "bool": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "adaptive_avg_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Byte'",
    },
    ("nn.AdaptiveMaxPool1d", 0): {
        "bool": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "adaptive_max_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Byte'",
    },
    ("nn.AdaptiveMaxPool2d", 0): {
        "bool": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "adaptive_max_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Byte'",
    },
    ("nn.AvgPool1d", 0): {
        "bool": "NotImplementedError: \"avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"avg_pool2d\" not implemented for 'ComplexFloat'",
        "uint8": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    },
    ("nn.AvgPool2d", 0): {
        "bool": "NotImplementedError: \"avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"avg_pool2d\" not implemented for 'ComplexFloat'",
        "uint8": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    },
    ("nn.BatchNorm1d", 0): {
        "bool": "NotImplementedError: \"batch_norm\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"batch_norm\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"batch_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"batch_norm\" not implemented for 'Byte'",
    },
    ("nn.BatchNorm2d", 0): {
        "bool": "NotImplementedError: \"batch_norm\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"batch_norm\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"batch_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"batch_norm\" not implemented for 'Byte'",
    },
    ("nn.CELU", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("nn.Conv1d", 0): {
        "bool": "RuntimeError: Input type (bool) and bias type (float) should be the same",
        "complex": "RuntimeError: Input type (c10::complex<float>) and bias type "
        "(float) should be the same",
        "int": "RuntimeError: Input type (long int) and bias type (float) should be the same",
        "uint8": "RuntimeError: Input type (unsigned char) and bias type (float) "
        "should be the same",
    },
    ("nn.Conv2d", 0): {
        "bool": "RuntimeError: Input type (bool) and bias type (float) should be the same",
        "complex": "RuntimeError: Input type (c10::complex<float>) and bias type "
        "(float) should be the same",
        "int": "RuntimeError: Input type (long int) and bias type (float) should be the same",
        "uint8": "RuntimeError: Input type (unsigned char) and bias type (float) "
        "should be the same",
    },
    ("nn.ELU", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("nn.Embedding", 0): {
        "bool": "RuntimeError: Expected tensor for argument #1 'indices' to have "
        "one of the following scalar types: Long, Int; but got CPUBoolType "
        "instead (while checking arguments for embedding)",
        "complex": "RuntimeError: Expected tensor for argument #1 'indices' to "
        "have one of the following scalar types: Long, Int; but got "
        "CPUComplexFloatType instead (while checking arguments for "
        "embedding)",
        "float": "RuntimeError: Expected tensor for argument #1 'indices' to have "
        "one of the following scalar types: Long, Int; but got "
        "torch.FloatTensor instead (while checking arguments for "
        "embedding)",
        "uint8": "RuntimeError: Expected tensor for argument #1 'indices' to have "
        "one of the following scalar types: Long, Int; but got "
        "torch.ByteTensor instead (while checking arguments for "
        "embedding)",
    },
    ("nn.GELU", 0): {
        "bool": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Byte'",
    },
    ("nn.GLU", 0): {
        "bool": "NotImplementedError: \"glu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"glu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"glu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"glu_cpu\" not implemented for 'Byte'",
    },
    ("nn.GRU", 0): {
        "bool": "ValueError: RNN input dtype (torch.bool) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.bool)",
        "complex": "ValueError: RNN input dtype (torch.complex64) does not match weight "
        "dtype (torch.float32). Convert input: input.to(torch.float32), or "
        "convert model: model.to(torch.complex64)",
        "int": "ValueError: RNN input dtype (torch.int64) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.int64)",
        "uint8": "ValueError: RNN input dtype (torch.uint8) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.uint8)",
    },
    ("nn.GroupNorm", 0): {
        "bool": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "complex": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "int": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "uint8": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
    },
    ("nn.Hardsigmoid", 0): {
        "bool": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Byte'",
    },
    ("nn.Hardswish", 0): {
        "bool": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"hardswish_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Byte'",
    },
    ("nn.Hardtanh", 0): {
        "bool": "RuntimeError: Bool inputs not supported for hardtanh",
        "complex": "NotImplementedError: clamp is not supported for complex types",
        "uint8": "RuntimeError: cannot do hardtanh on an unsigned type with negative limits",
    },
    ("nn.InstanceNorm1d", 0): {
        "bool": "NotImplementedError: \"batch_norm\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"batch_norm\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"batch_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"batch_norm\" not implemented for 'Byte'",
    },
    ("nn.LSTM", 0): {
        "bool": "ValueError: RNN input dtype (torch.bool) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.bool)",
        "complex": "ValueError: RNN input dtype (torch.complex64) does not match weight "
        "dtype (torch.float32). Convert input: input.to(torch.float32), or "
        "convert model: model.to(torch.complex64)",
        "int": "ValueError: RNN input dtype (torch.int64) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.int64)",
        "uint8": "ValueError: RNN input dtype (torch.uint8) does not match weight dtype "
        "(torch.float32). Convert input: input.to(torch.float32), or convert "
        "model: model.to(torch.uint8)",
    },
    ("nn.LayerNorm", 0): {
        "bool": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "complex": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "int": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
        "uint8": "RuntimeError: mixed dtype (CPU): all inputs must share same datatype.",
    },
    ("nn.LeakyReLU", 0): {
        "bool": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Byte'",
    },
    ("nn.Linear", 0): {
        "bool": "RuntimeError: mat1 and mat2 must have the same dtype, but got Bool and Float",
        "complex": "RuntimeError: mat1 and mat2 must have the same dtype, but got "
        "ComplexFloat and Float",
        "int": "RuntimeError: mat1 and mat2 must have the same dtype, but got Long and Float",
        "uint8": "RuntimeError: mat1 and mat2 must have the same dtype, but got Byte and Float",
    },
    ("nn.LogSigmoid", 0): {
        "bool": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Byte'",
    },
    ("nn.LogSoftmax", 0): {
        "bool": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Bool'",
        "complex": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Long'",
        "uint8": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Byte'",
    },
    ("nn.MaxPool1d", 0): {
        "bool": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Byte'",
    },
    ("nn.MaxPool2d", 0): {
        "bool": "NotImplementedError: \"max_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"max_pool2d\" not implemented for 'ComplexFloat'",
    },
    ("nn.Mish", 0): {
        "bool": "NotImplementedError: \"mish_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"mish_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"mish_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"mish_cpu\" not implemented for 'Byte'",
    },
    ("nn.PReLU", 0): {
        "bool": "RuntimeError: prelu: Type promoting not supported. Got Bool and Float",
        "complex": "RuntimeError: prelu: Type promoting not supported. Got ComplexFloat and Float",
        "int": "RuntimeError: prelu: Type promoting not supported. Got Long and Float",
        "uint8": "RuntimeError: prelu: Type promoting not supported. Got Byte and Float",
    },
    ("nn.RMSNorm", 0): {
        "bool": "NotImplementedError: \"rms_norm\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"rms_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"rms_norm\" not implemented for 'Byte'",
    },
    ("nn.ReLU", 0): {
        "bool": "RuntimeError: Boolean inputs not supported for relu",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("nn.ReLU6", 0): {
        "bool": "RuntimeError: Bool inputs not supported for hardtanh",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("nn.SELU", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("nn.SiLU", 0): {
        "bool": "NotImplementedError: \"silu_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"silu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"silu_cpu\" not implemented for 'Byte'",
    },
    ("nn.Softmax", 0): {
        "bool": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("nn.Softmin", 0): {
        "bool": "RuntimeError: Negation, the `-` operator, on a bool tensor is not "
        "supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead.",
        "complex": 'NotImplementedError: "softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("nn.Softplus", 0): {
        "bool": "NotImplementedError: \"softplus_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"softplus_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softplus_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softplus_cpu\" not implemented for 'Byte'",
    },
    ("nn.Softsign", 0): {"bool": "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'"},
    ("torch.abs", 0): {"bool": "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'"},
    ("torch.amax", 0): {
        "complex": "NotImplementedError: \"max_values_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.amin", 0): {
        "complex": "NotImplementedError: \"min_values_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.argmax", 0): {
        "bool": "RuntimeError: argmax(): does not support bool input",
        "complex": "RuntimeError: argmax(): does not support complex input",
    },
    ("torch.argmin", 0): {
        "bool": "RuntimeError: argmin(): does not support bool input",
        "complex": "RuntimeError: argmin(): does not support complex input",
    },
    ("torch.argsort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("torch.atan2", 0): {
        "complex": "NotImplementedError: \"atan2_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.atan2", 1): {
        "complex": "NotImplementedError: \"atan2_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.bincount", 0): {
        "bool": "NotImplementedError: \"bincount_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"bincount_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bincount_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_and", 0): {
        "complex": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_and", 1): {
        "complex": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_not", 0): {
        "complex": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_not_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_or", 0): {
        "complex": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_or", 1): {
        "complex": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_or_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_xor", 0): {
        "complex": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    },
    ("torch.bitwise_xor", 1): {
        "complex": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"bitwise_xor_cpu\" not implemented for 'Float'",
    },
    ("torch.bucketize", 0): {
        "complex": 'NotImplementedError: "searchsorted_out_cpu" not implemented '
        "for 'ComplexFloat'"
    },
    ("torch.bucketize", 1): {
        "complex": 'NotImplementedError: "searchsorted_out_cpu" not implemented '
        "for 'ComplexFloat'"
    },
    ("torch.cdist", 0): {
        "bool": "RuntimeError: cdist only supports floating-point dtypes, X1 got: Bool",
        "complex": "RuntimeError: cdist only supports floating-point dtypes, X1 got: ComplexFloat",
        "int": "RuntimeError: cdist only supports floating-point dtypes, X1 got: Long",
        "uint8": "RuntimeError: cdist only supports floating-point dtypes, X1 got: Byte",
    },
    ("torch.cdist", 1): {
        "bool": "RuntimeError: cdist only supports floating-point dtypes, X2 got: Bool",
        "complex": "RuntimeError: cdist only supports floating-point dtypes, X2 got: ComplexFloat",
        "int": "RuntimeError: cdist only supports floating-point dtypes, X2 got: Long",
        "uint8": "RuntimeError: cdist only supports floating-point dtypes, X2 got: Byte",
    },
    ("torch.ceil", 0): {
        "bool": "NotImplementedError: \"ceil_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: ceil is not supported for complex inputs",
    },
    ("torch.clamp", 0): {
        "complex": "NotImplementedError: clamp is not supported for complex types"
    },
    ("torch.clip", 0): {"complex": "NotImplementedError: clamp is not supported for complex types"},
    ("torch.complex", 0): {
        "bool": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Bool and Float",
        "complex": "RuntimeError: Expected both inputs to be Half, Float or "
        "Double tensors but got ComplexFloat and Float",
        "int": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Long and Float",
        "uint8": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Byte and Float",
    },
    ("torch.complex", 1): {
        "bool": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Bool",
        "complex": "RuntimeError: Expected both inputs to be Half, Float or "
        "Double tensors but got Float and ComplexFloat",
        "int": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Long",
        "uint8": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Byte",
    },
    ("torch.copysign", 0): {
        "complex": "NotImplementedError: \"copysign_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.copysign", 1): {
        "complex": "NotImplementedError: \"copysign_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.cross", 0): {"bool": "NotImplementedError: \"cross\" not implemented for 'Bool'"},
    ("torch.cross", 1): {"bool": "RuntimeError: expected scalar type Float but found Bool"},
    ("torch.cummax", 0): {
        "complex": "NotImplementedError: \"cummax_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.cummin", 0): {
        "complex": "NotImplementedError: \"cummin_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.cumulative_trapezoid", 0): {
        "bool": "RuntimeError: cumulative_trapezoid: received a bool "
        "input for `y`, but bool is not supported"
    },
    ("torch.deg2rad", 0): {
        "complex": "RuntimeError: deg2rad is not supported for complex tensors."
    },
    ("torch.det", 0): {
        "bool": "RuntimeError: linalg.det: Expected a floating point or complex "
        "tensor as input. Got Bool",
        "int": "RuntimeError: linalg.det: Expected a floating point or complex tensor "
        "as input. Got Long",
        "uint8": "RuntimeError: linalg.det: Expected a floating point or complex "
        "tensor as input. Got Byte",
    },
    ("torch.digamma", 0): {
        "complex": "NotImplementedError: \"digamma\" not implemented for 'ComplexFloat'"
    },
    ("torch.dist", 0): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with a bool tensor is "
        "not supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("torch.dist", 1): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with a bool tensor is "
        "not supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("torch.erf", 0): {
        "complex": "NotImplementedError: \"erf_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.erfc", 0): {
        "complex": "NotImplementedError: \"erfc_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.erfinv", 0): {
        "complex": "NotImplementedError: \"erfinv_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.fft.ihfft", 0): {
        "complex": "RuntimeError: ihfft expects a real input tensor, but got ComplexFloat"
    },
    ("torch.fft.rfft", 0): {
        "complex": "RuntimeError: rfft expects a real input tensor, but got ComplexFloat"
    },
    ("torch.fft.rfft2", 0): {
        "complex": "RuntimeError: rfftn expects a real-valued input tensor, but got ComplexFloat"
    },
    ("torch.fft.rfftn", 0): {
        "complex": "RuntimeError: rfftn expects a real-valued input tensor, but got ComplexFloat"
    },
    ("torch.floor", 0): {
        "bool": "NotImplementedError: \"floor_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: floor is not supported for complex inputs",
    },
    ("torch.floor_divide", 0): {
        "complex": "NotImplementedError: \"div_floor_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.floor_divide", 1): {
        "complex": "NotImplementedError: \"div_floor_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.fmax", 0): {"complex": "RuntimeError: fmax not implemented for complex tensors."},
    ("torch.fmax", 1): {"complex": "RuntimeError: fmax not implemented for complex tensors."},
    ("torch.fmin", 0): {"complex": "RuntimeError: fmin not implemented for complex tensors."},
    ("torch.fmin", 1): {"complex": "RuntimeError: fmin not implemented for complex tensors."},
    ("torch.fmod", 0): {
        "complex": "NotImplementedError: \"fmod_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.fmod", 1): {
        "complex": "NotImplementedError: \"fmod_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.frac", 0): {
        "bool": "NotImplementedError: \"frac_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"frac_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"frac_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"frac_cpu\" not implemented for 'Byte'",
    },
    ("torch.frexp", 0): {
        "bool": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "complex": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "int": "RuntimeError: torch.frexp() only supports floating-point dtypes",
        "uint8": "RuntimeError: torch.frexp() only supports floating-point dtypes",
    },
    ("torch.gcd", 0): {
        "bool": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"gcd_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    },
    ("torch.gcd", 1): {
        "bool": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"gcd_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"gcd_cpu\" not implemented for 'Float'",
    },
    ("torch.ge", 0): {
        "complex": "NotImplementedError: \"ge_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.ge", 1): {
        "complex": "NotImplementedError: \"ge_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.gt", 0): {
        "complex": "NotImplementedError: \"gt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.gt", 1): {
        "complex": "NotImplementedError: \"gt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.heaviside", 0): {
        "complex": "RuntimeError: heaviside is not yet implemented for complex tensors."
    },
    ("torch.heaviside", 1): {
        "complex": "RuntimeError: heaviside is not yet implemented for complex tensors."
    },
    ("torch.histc", 0): {
        "bool": "NotImplementedError: \"linspace_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"aminmax_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"histogram_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"histogram_cpu\" not implemented for 'Byte'",
    },
    ("torch.histogram", 0): {
        "bool": "NotImplementedError: \"histogramdd\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"histogramdd\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"histogramdd\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"histogramdd\" not implemented for 'Byte'",
    },
    ("torch.hypot", 0): {
        "complex": "NotImplementedError: \"hypot_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.hypot", 1): {
        "complex": "NotImplementedError: \"hypot_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.i0", 0): {
        "complex": "NotImplementedError: \"i0_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.imag", 0): {
        "bool": "RuntimeError: imag is not implemented for tensors with non-complex dtypes.",
        "float": "RuntimeError: imag is not implemented for tensors with non-complex dtypes.",
        "int": "RuntimeError: imag is not implemented for tensors with non-complex dtypes.",
        "uint8": "RuntimeError: imag is not implemented for tensors with non-complex dtypes.",
    },
    ("torch.inverse", 0): {
        "bool": "RuntimeError: linalg.inv: Expected a floating point or complex "
        "tensor as input. Got Bool",
        "int": "RuntimeError: linalg.inv: Expected a floating point or complex "
        "tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.inv: Expected a floating point or complex "
        "tensor as input. Got Byte",
    },
    ("torch.istft", 0): {
        "bool": "RuntimeError: istft requires a complex-valued input tensor "
        "matching the output from stft with return_complex=True.",
        "float": "RuntimeError: istft requires a complex-valued input tensor "
        "matching the output from stft with return_complex=True.",
        "int": "RuntimeError: istft requires a complex-valued input tensor matching "
        "the output from stft with return_complex=True.",
        "uint8": "RuntimeError: istft requires a complex-valued input tensor "
        "matching the output from stft with return_complex=True.",
    },
    ("torch.kthvalue", 0): {
        "bool": "NotImplementedError: \"kthvalue_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"kthvalue_cpu\" not implemented for 'ComplexFloat'",
    },
    ("torch.lcm", 0): {
        "bool": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"lcm_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    },
    ("torch.lcm", 1): {
        "bool": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
        "complex": "NotImplementedError: \"lcm_cpu\" not implemented for 'ComplexFloat'",
        "float": "NotImplementedError: \"lcm_cpu\" not implemented for 'Float'",
    },
    ("torch.le", 0): {
        "complex": "NotImplementedError: \"le_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.le", 1): {
        "complex": "NotImplementedError: \"le_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.lerp", 0): {
        "bool": "RuntimeError: expected dtype bool for `end` but got dtype float",
        "int": "RuntimeError: expected dtype long int for `end` but got dtype float",
        "uint8": "RuntimeError: expected dtype unsigned char for `end` but got dtype float",
    },
    ("torch.lerp", 1): {
        "bool": "RuntimeError: expected dtype float for `end` but got dtype bool",
        "int": "RuntimeError: expected dtype float for `end` but got dtype long int",
        "uint8": "RuntimeError: expected dtype float for `end` but got dtype unsigned char",
    },
    ("torch.lerp", 2): {
        "bool": "RuntimeError: expected dtype float for `weight` but got dtype bool",
        "int": "RuntimeError: expected dtype float for `weight` but got dtype long int",
        "uint8": "RuntimeError: expected dtype float for `weight` but got dtype unsigned char",
    },
    ("torch.lgamma", 0): {
        "complex": "NotImplementedError: \"lgamma_vml_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.linalg.cond", 0): {
        "bool": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.linalg.det", 0): {
        "bool": "RuntimeError: linalg.det: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.det: Expected a floating point or complex "
        "tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.det: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.linalg.eig", 0): {
        "bool": "RuntimeError: Unknown Complex ScalarType for Bool",
        "int": "RuntimeError: Unknown Complex ScalarType for Long",
        "uint8": "RuntimeError: Unknown Complex ScalarType for Byte",
    },
    ("torch.linalg.eigh", 0): {
        "bool": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Byte'",
    },
    ("torch.linalg.eigvals", 0): {
        "bool": "RuntimeError: Unknown Complex ScalarType for Bool",
        "int": "RuntimeError: Unknown Complex ScalarType for Long",
        "uint8": "RuntimeError: Unknown Complex ScalarType for Byte",
    },
    ("torch.linalg.eigvalsh", 0): {
        "bool": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"linalg_eigh_cpu\" not implemented for 'Byte'",
    },
    ("torch.linalg.inv", 0): {
        "bool": "RuntimeError: linalg.inv: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.inv: Expected a floating point or complex "
        "tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.inv: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.linalg.lu", 0): {
        "bool": "NotImplementedError: \"lu_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"lu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"lu_cpu\" not implemented for 'Byte'",
    },
    ("torch.linalg.lu_factor", 0): {
        "bool": "NotImplementedError: \"lu_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"lu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"lu_cpu\" not implemented for 'Byte'",
    },
    ("torch.linalg.matrix_exp", 0): {
        "bool": "RuntimeError: linalg.matrix_exp: Expected a floating "
        "point or complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.matrix_exp: Expected a floating "
        "point or complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.matrix_exp: Expected a floating "
        "point or complex tensor as input. Got Byte",
    },
    ("torch.linalg.matrix_norm", 0): {
        "bool": "RuntimeError: linalg.matrix_norm: Expected a floating "
        "point or complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.matrix_norm: Expected a floating "
        "point or complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.matrix_norm: Expected a "
        "floating point or complex tensor as input. Got Byte",
    },
    ("torch.linalg.matrix_rank", 0): {
        "bool": "RuntimeError: This function doesn't handle types other than float and double",
        "int": "RuntimeError: This function doesn't handle types other than float and double",
        "uint8": "RuntimeError: This function doesn't handle types other than float and double",
    },
    ("torch.linalg.norm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating point "
        "or complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating point "
        "or complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a floating point "
        "or complex tensor as input. Got Byte",
    },
    ("torch.linalg.pinv", 0): {
        "bool": "RuntimeError: linalg.pinv(Bool{[2, 4, 4]}): expected a "
        "tensor with 2 or more dimensions of float, double, cfloat or "
        "cdouble types",
        "int": "RuntimeError: linalg.pinv(Long{[2, 4, 4]}): expected a tensor "
        "with 2 or more dimensions of float, double, cfloat or cdouble "
        "types",
        "uint8": "RuntimeError: linalg.pinv(Byte{[2, 4, 4]}): expected a "
        "tensor with 2 or more dimensions of float, double, cfloat "
        "or cdouble types",
    },
    ("torch.linalg.qr", 0): {
        "bool": "RuntimeError: linalg.qr: Expected a floating point or complex "
        "tensor as input. Got Bool",
        "int": "RuntimeError: linalg.qr: Expected a floating point or complex "
        "tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.qr: Expected a floating point or complex "
        "tensor as input. Got Byte",
    },
    ("torch.linalg.slogdet", 0): {
        "bool": "RuntimeError: linalg.slogdet: Expected a floating point "
        "or complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.slogdet: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.slogdet: Expected a floating point "
        "or complex tensor as input. Got Byte",
    },
    ("torch.linalg.svd", 0): {
        "bool": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.svd: Expected a floating point or complex "
        "tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.linalg.svdvals", 0): {
        "bool": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.svd: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.linalg.vector_norm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating "
        "point or complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating "
        "point or complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a "
        "floating point or complex tensor as input. Got Byte",
    },
    ("torch.log_softmax", 0): {
        "bool": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Bool'",
        "complex": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" '
        "not implemented for 'ComplexFloat'",
        "int": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Long'",
        "uint8": 'NotImplementedError: "log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Byte'",
    },
    ("torch.logcumsumexp", 0): {
        "bool": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"logcumsumexp_out_cpu\" not implemented for 'Byte'",
    },
    ("torch.logdet", 0): {
        "bool": "RuntimeError: logdet: Expected a floating point or complex tensor "
        "as input. Got Bool",
        "int": "RuntimeError: logdet: Expected a floating point or complex tensor "
        "as input. Got Long",
        "uint8": "RuntimeError: logdet: Expected a floating point or complex "
        "tensor as input. Got Byte",
    },
    ("torch.logit", 0): {
        "complex": "NotImplementedError: \"logit_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.lt", 0): {
        "complex": "NotImplementedError: \"lt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.lt", 1): {
        "complex": "NotImplementedError: \"lt_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.matrix_exp", 0): {
        "bool": "RuntimeError: linalg.matrix_exp: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.matrix_exp: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.matrix_exp: Expected a floating point "
        "or complex tensor as input. Got Byte",
    },
    ("torch.max", 0): {
        "complex": "NotImplementedError: \"max_all\" not implemented for 'ComplexFloat'"
    },
    ("torch.maximum", 0): {"complex": "RuntimeError: maximum not implemented for complex tensors."},
    ("torch.maximum", 1): {"complex": "RuntimeError: maximum not implemented for complex tensors."},
    ("torch.mean", 0): {
        "bool": "RuntimeError: mean(): could not infer output dtype. Input dtype "
        "must be either a floating point or complex dtype. Got: Bool",
        "int": "RuntimeError: mean(): could not infer output dtype. Input dtype must "
        "be either a floating point or complex dtype. Got: Long",
        "uint8": "RuntimeError: mean(): could not infer output dtype. Input dtype "
        "must be either a floating point or complex dtype. Got: Byte",
    },
    ("torch.median", 0): {
        "bool": "NotImplementedError: \"median_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"median_cpu\" not implemented for 'ComplexFloat'",
    },
    ("torch.min", 0): {
        "complex": "NotImplementedError: \"min_all\" not implemented for 'ComplexFloat'"
    },
    ("torch.minimum", 0): {"complex": "RuntimeError: minimum not implemented for complex tensors."},
    ("torch.minimum", 1): {"complex": "RuntimeError: minimum not implemented for complex tensors."},
    ("torch.mode", 0): {
        "complex": "NotImplementedError: \"mode_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.msort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("torch.multinomial", 0): {
        "bool": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: Bool",
        "complex": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: ComplexFloat",
        "int": "RuntimeError: multinomial only supports floating-point dtypes for input, got: Long",
        "uint8": "RuntimeError: multinomial only supports floating-point "
        "dtypes for input, got: Byte",
    },
    ("torch.nanmean", 0): {
        "bool": "RuntimeError: nanmean(): expected input to have floating point "
        "or complex dtype but got Bool",
        "complex": "RuntimeError: nansum on CPU does not support complex inputs",
        "int": "RuntimeError: nanmean(): expected input to have floating point or "
        "complex dtype but got Long",
        "uint8": "RuntimeError: nanmean(): expected input to have floating point "
        "or complex dtype but got Byte",
    },
    ("torch.nanmedian", 0): {
        "bool": "NotImplementedError: \"median_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"median_cpu\" not implemented for 'ComplexFloat'",
    },
    ("torch.nanquantile", 0): {
        "bool": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "complex": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "int": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "uint8": "RuntimeError: quantile() input tensor must be either float or double dtype",
    },
    ("torch.neg", 0): {
        "bool": "RuntimeError: Negation, the `-` operator, on a bool tensor is not "
        "supported. If you are trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("torch.nextafter", 0): {
        "complex": "NotImplementedError: \"nextafter_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nextafter", 1): {
        "complex": "NotImplementedError: \"nextafter_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nn.Parameter", 0): {
        "bool": "RuntimeError: Only Tensors of floating point and complex "
        "dtype can require gradients",
        "int": "RuntimeError: Only Tensors of floating point and complex "
        "dtype can require gradients",
        "uint8": "RuntimeError: Only Tensors of floating point and complex "
        "dtype can require gradients",
    },
    ("torch.nn.functional.adaptive_avg_pool1d", 0): {
        "bool": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"adaptive_avg_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.adaptive_avg_pool2d", 0): {
        "bool": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"adaptive_avg_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_avg_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.adaptive_max_pool1d", 0): {
        "bool": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"adaptive_max_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.adaptive_max_pool2d", 0): {
        "bool": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"adaptive_max_pool2d" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"adaptive_max_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.avg_pool1d", 0): {
        "bool": "NotImplementedError: \"avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"avg_pool2d\" not implemented for 'ComplexFloat'",
        "uint8": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.avg_pool2d", 0): {
        "bool": "NotImplementedError: \"avg_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"avg_pool2d\" not implemented for 'ComplexFloat'",
        "uint8": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.binary_cross_entropy_with_logits", 0): {
        "bool": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.binary_cross_entropy_with_logits", 1): {
        "bool": "RuntimeError: "
        "Subtraction, the `-` "
        "operator, with two bool "
        "tensors is not supported. "
        "Use the `^` or "
        "`logical_xor()` operator "
        "instead.",
        "int": "RuntimeError: result type Float can't be cast to the desired output type Long",
        "uint8": "RuntimeError: result type Float can't be cast to the desired output type Byte",
    },
    ("torch.nn.functional.celu", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.cosine_similarity", 0): {
        "complex": "RuntimeError: expected common dtype "
        "to be floating point, yet common "
        "dtype is ComplexFloat"
    },
    ("torch.nn.functional.cosine_similarity", 1): {
        "complex": "RuntimeError: expected common dtype "
        "to be floating point, yet common "
        "dtype is ComplexFloat"
    },
    ("torch.nn.functional.dropout", 0): {
        "bool": "RuntimeError: result type Float can't be cast to the desired output type Bool",
        "complex": 'NotImplementedError: "bernoulli_scalar_cpu_" '
        "not implemented for 'ComplexFloat'",
        "int": "RuntimeError: result type Float can't be cast to the desired output type Long",
        "uint8": "RuntimeError: result type Float can't be cast to the desired output type Byte",
    },
    ("torch.nn.functional.elu", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.gelu", 0): {
        "bool": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.glu", 0): {
        "bool": "NotImplementedError: \"glu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"glu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"glu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"glu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.group_norm", 0): {
        "bool": "NotImplementedError: \"GroupNormKernelImpl\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "GroupNormKernelImpl" '
        "not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"GroupNormKernelImpl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"GroupNormKernelImpl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.hardshrink", 0): {
        "bool": "NotImplementedError: \"hardshrink_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"hardshrink_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"hardshrink_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"hardshrink_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.hardsigmoid", 0): {
        "bool": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"hardsigmoid_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.hardswish", 0): {
        "bool": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"hardswish_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"hardswish_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.hardtanh", 0): {
        "bool": "RuntimeError: Bool inputs not supported for hardtanh",
        "complex": "NotImplementedError: clamp is not supported for complex types",
        "uint8": "RuntimeError: cannot do hardtanh on an unsigned type with negative limits",
    },
    ("torch.nn.functional.huber_loss", 0): {
        "bool": "RuntimeError: result type Float can't be cast to the desired output type Bool",
        "complex": "NotImplementedError: \"huber_cpu\" not implemented for 'ComplexFloat'",
        "int": "RuntimeError: result type Float can't be cast to the desired output type Long",
        "uint8": "RuntimeError: result type Float can't be cast to the desired output type Byte",
    },
    ("torch.nn.functional.huber_loss", 1): {
        "complex": "RuntimeError: result type ComplexFloat can't "
        "be cast to the desired output type Float"
    },
    ("torch.nn.functional.instance_norm", 0): {
        "bool": "NotImplementedError: \"batch_norm\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"batch_norm\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"batch_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"batch_norm\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.kl_div", 0): {
        "bool": "RuntimeError: kl_div: Integral inputs not supported.",
        "complex": "RuntimeError: kl_div: Complex inputs not supported.",
        "int": "RuntimeError: kl_div: Integral inputs not supported.",
        "uint8": "RuntimeError: kl_div: Integral inputs not supported.",
    },
    ("torch.nn.functional.kl_div", 1): {
        "bool": "RuntimeError: kl_div: Integral inputs not supported.",
        "complex": "RuntimeError: kl_div: Complex inputs not supported.",
        "int": "RuntimeError: kl_div: Integral inputs not supported.",
        "uint8": "RuntimeError: kl_div: Integral inputs not supported.",
    },
    ("torch.nn.functional.l1_loss", 0): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with "
        "a bool tensor is not supported. If you are trying "
        "to invert a mask, use the `~` or `logical_not()` "
        "operator instead."
    },
    ("torch.nn.functional.l1_loss", 1): {
        "bool": "RuntimeError: Subtraction, the `-` operator, with "
        "a bool tensor is not supported. If you are trying "
        "to invert a mask, use the `~` or `logical_not()` "
        "operator instead."
    },
    ("torch.nn.functional.layer_norm", 0): {
        "bool": "NotImplementedError: \"LayerNormKernelImpl\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "LayerNormKernelImpl" '
        "not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"LayerNormKernelImpl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"LayerNormKernelImpl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.leaky_relu", 0): {
        "bool": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"leaky_relu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.log_softmax", 0): {
        "bool": "NotImplementedError: "
        '"log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"log_softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: "
        '"log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Long'",
        "uint8": "NotImplementedError: "
        '"log_softmax_lastdim_kernel_impl" not '
        "implemented for 'Byte'",
    },
    ("torch.nn.functional.logsigmoid", 0): {
        "bool": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"log_sigmoid_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.lp_pool1d", 0): {
        "complex": "NotImplementedError: \"avg_pool2d\" not implemented for 'ComplexFloat'",
        "uint8": "NotImplementedError: \"avg_pool2d\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.max_pool1d", 0): {
        "bool": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"max_pool1d_impl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.max_pool2d", 0): {
        "bool": "NotImplementedError: \"max_pool2d\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"max_pool2d\" not implemented for 'ComplexFloat'",
    },
    ("torch.nn.functional.mish", 0): {
        "bool": "NotImplementedError: \"mish_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"mish_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"mish_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"mish_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.mse_loss", 0): {
        "complex": "NotImplementedError: \"mse_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nn.functional.mse_loss", 1): {
        "complex": "NotImplementedError: \"mse_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nn.functional.normalize", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a "
        "floating point or complex tensor as input. Got "
        "Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a "
        "floating point or complex tensor as input. Got "
        "Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a "
        "floating point or complex tensor as input. Got "
        "Byte",
    },
    ("torch.nn.functional.pairwise_distance", 0): {
        "bool": "RuntimeError: Subtraction, the `-` "
        "operator, with a bool tensor is not "
        "supported. If you are trying to invert a "
        "mask, use the `~` or `logical_not()` "
        "operator instead."
    },
    ("torch.nn.functional.pairwise_distance", 1): {
        "bool": "RuntimeError: Subtraction, the `-` "
        "operator, with a bool tensor is not "
        "supported. If you are trying to invert a "
        "mask, use the `~` or `logical_not()` "
        "operator instead."
    },
    ("torch.nn.functional.relu", 0): {
        "bool": "RuntimeError: Boolean inputs not supported for relu",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("torch.nn.functional.relu6", 0): {
        "bool": "RuntimeError: Bool inputs not supported for hardtanh",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("torch.nn.functional.rms_norm", 0): {
        "bool": "NotImplementedError: \"rms_norm\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"rms_norm\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"rms_norm\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.scaled_dot_product_attention", 0): {
        "bool": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: bool key.dtype: "
        "float and value.dtype: float "
        "instead.",
        "complex": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but "
        "got query.dtype: "
        "c10::complex<float> "
        "key.dtype: float and "
        "value.dtype: float "
        "instead.",
        "int": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: long int "
        "key.dtype: float and "
        "value.dtype: float instead.",
        "uint8": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but got "
        "query.dtype: unsigned char "
        "key.dtype: float and "
        "value.dtype: float instead.",
    },
    ("torch.nn.functional.scaled_dot_product_attention", 1): {
        "bool": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: float key.dtype: "
        "bool and value.dtype: float "
        "instead.",
        "complex": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but "
        "got query.dtype: float "
        "key.dtype: "
        "c10::complex<float> and "
        "value.dtype: float "
        "instead.",
        "int": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: float key.dtype: "
        "long int and value.dtype: "
        "float instead.",
        "uint8": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but got "
        "query.dtype: float "
        "key.dtype: unsigned char and "
        "value.dtype: float instead.",
    },
    ("torch.nn.functional.scaled_dot_product_attention", 2): {
        "bool": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: float key.dtype: "
        "float and value.dtype: bool "
        "instead.",
        "complex": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but "
        "got query.dtype: float "
        "key.dtype: float and "
        "value.dtype: "
        "c10::complex<float> "
        "instead.",
        "int": "RuntimeError: Expected query, "
        "key, and value to have the "
        "same dtype, but got "
        "query.dtype: float key.dtype: "
        "float and value.dtype: long "
        "int instead.",
        "uint8": "RuntimeError: Expected "
        "query, key, and value to "
        "have the same dtype, but got "
        "query.dtype: float "
        "key.dtype: float and "
        "value.dtype: unsigned char "
        "instead.",
    },
    ("torch.nn.functional.selu", 0): {
        "bool": "NotImplementedError: \"elu_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"elu_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"elu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"elu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.silu", 0): {
        "bool": "NotImplementedError: \"silu_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"silu_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"silu_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.smooth_l1_loss", 0): {
        "complex": "NotImplementedError: \"smooth_l1_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nn.functional.smooth_l1_loss", 1): {
        "complex": "NotImplementedError: \"smooth_l1_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.nn.functional.soft_margin_loss", 0): {
        "bool": "RuntimeError: Negation, the `-` operator, "
        "on a bool tensor is not supported. If you "
        "are trying to invert a mask, use the `~` "
        "or `logical_not()` operator instead.",
        "int": "RuntimeError: result type Float can't be cast to the desired output type Long",
        "uint8": "RuntimeError: result type Float can't be cast to the desired output type Byte",
    },
    ("torch.nn.functional.softmax", 0): {
        "bool": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Bool'",
        "complex": "NotImplementedError: "
        '"softmax_lastdim_kernel_impl" not implemented '
        "for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.softmin", 0): {
        "bool": "RuntimeError: Negation, the `-` operator, on a "
        "bool tensor is not supported. If you are trying to "
        "invert a mask, use the `~` or `logical_not()` "
        "operator instead.",
        "complex": "NotImplementedError: "
        '"softmax_lastdim_kernel_impl" not implemented '
        "for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.softplus", 0): {
        "bool": "NotImplementedError: \"softplus_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"softplus_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softplus_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softplus_cpu\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.softshrink", 0): {
        "bool": "NotImplementedError: \"softshrink_check\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"softshrink_check\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softshrink_check\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softshrink_check\" not implemented for 'Byte'",
    },
    ("torch.nn.functional.softsign", 0): {
        "bool": "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'"
    },
    ("torch.nn.functional.tanhshrink", 0): {
        "bool": "RuntimeError: Subtraction, the `-` operator, "
        "with a bool tensor is not supported. If you are "
        "trying to invert a mask, use the `~` or "
        "`logical_not()` operator instead."
    },
    ("torch.nn.functional.unfold", 0): {
        "int": "NotImplementedError: \"im2col_out_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"im2col_out_cpu\" not implemented for 'Byte'",
    },
    ("torch.norm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.pinverse", 0): {
        "bool": "RuntimeError: linalg.pinv(Bool{[2, 4, 4]}): expected a tensor "
        "with 2 or more dimensions of float, double, cfloat or cdouble "
        "types",
        "int": "RuntimeError: linalg.pinv(Long{[2, 4, 4]}): expected a tensor "
        "with 2 or more dimensions of float, double, cfloat or cdouble "
        "types",
        "uint8": "RuntimeError: linalg.pinv(Byte{[2, 4, 4]}): expected a tensor "
        "with 2 or more dimensions of float, double, cfloat or cdouble "
        "types",
    },
    ("torch.poisson", 0): {
        "bool": "NotImplementedError: \"poisson_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"poisson_cpu\" not implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"poisson_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"poisson_cpu\" not implemented for 'Byte'",
    },
    ("torch.polar", 0): {
        "bool": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Bool and Float",
        "complex": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got ComplexFloat and Float",
        "int": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Long and Float",
        "uint8": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Byte and Float",
    },
    ("torch.polar", 1): {
        "bool": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Bool",
        "complex": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and ComplexFloat",
        "int": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Long",
        "uint8": "RuntimeError: Expected both inputs to be Half, Float or Double "
        "tensors but got Float and Byte",
    },
    ("torch.positive", 0): {
        "bool": "RuntimeError: The `+` operator, on a bool tensor is not supported."
    },
    ("torch.qr", 0): {
        "bool": "RuntimeError: linalg.qr: Expected a floating point or complex tensor "
        "as input. Got Bool",
        "int": "RuntimeError: linalg.qr: Expected a floating point or complex tensor "
        "as input. Got Long",
        "uint8": "RuntimeError: linalg.qr: Expected a floating point or complex tensor "
        "as input. Got Byte",
    },
    ("torch.quantile", 0): {
        "bool": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "complex": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "int": "RuntimeError: quantile() input tensor must be either float or double dtype",
        "uint8": "RuntimeError: quantile() input tensor must be either float or double dtype",
    },
    ("torch.rad2deg", 0): {
        "complex": "RuntimeError: rad2deg is not supported for complex tensors."
    },
    ("torch.rand_like", 0): {
        "bool": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Byte'",
    },
    ("torch.randint_like", 0): {
        "bool": "RuntimeError: to - 1 is out of bounds for bool",
        "complex": "RuntimeError: check_random_bounds handles only integral, "
        "floating-point and boolean types",
    },
    ("torch.randn_like", 0): {
        "bool": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Bool'",
        "int": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Byte'",
    },
    ("torch.relu", 0): {
        "bool": "RuntimeError: Boolean inputs not supported for relu",
        "complex": "NotImplementedError: clamp is not supported for complex types",
    },
    ("torch.remainder", 0): {
        "complex": "NotImplementedError: \"remainder_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.remainder", 1): {
        "complex": "NotImplementedError: \"remainder_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.renorm", 0): {
        "bool": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Bool",
        "int": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Long",
        "uint8": "RuntimeError: linalg.vector_norm: Expected a floating point or "
        "complex tensor as input. Got Byte",
    },
    ("torch.round", 0): {
        "bool": "NotImplementedError: \"round_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: \"round_vml_cpu\" not implemented for 'ComplexFloat'",
    },
    ("torch.searchsorted", 0): {
        "complex": 'NotImplementedError: "searchsorted_out_cpu" not '
        "implemented for 'ComplexFloat'"
    },
    ("torch.searchsorted", 1): {
        "complex": 'NotImplementedError: "searchsorted_out_cpu" not '
        "implemented for 'ComplexFloat'"
    },
    ("torch.sign", 0): {
        "complex": "NotImplementedError: Unlike NumPy, torch.sign is not intended to "
        "support complex numbers. Please use torch.sgn instead."
    },
    ("torch.signbit", 0): {
        "complex": "NotImplementedError: signbit is not implemented for complex tensors."
    },
    ("torch.softmax", 0): {
        "bool": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Bool'",
        "complex": 'NotImplementedError: "softmax_lastdim_kernel_impl" not '
        "implemented for 'ComplexFloat'",
        "int": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'",
        "uint8": "NotImplementedError: \"softmax_lastdim_kernel_impl\" not implemented for 'Byte'",
    },
    ("torch.sort", 0): {"complex": "RuntimeError: Sort does not support complex dtypes on CPU"},
    ("torch.std", 0): {
        "bool": "RuntimeError: std and var only support floating point and complex dtypes",
        "int": "RuntimeError: std and var only support floating point and complex dtypes",
        "uint8": "RuntimeError: std and var only support floating point and complex dtypes",
    },
    ("torch.std_mean", 0): {
        "bool": "RuntimeError: std_mean only support floating point and complex dtypes",
        "int": "RuntimeError: std_mean only support floating point and complex dtypes",
        "uint8": "RuntimeError: std_mean only support floating point and complex dtypes",
    },
    ("torch.stft", 0): {
        "bool": "NotImplementedError: \"reflection_pad1d\" not implemented for 'Bool'",
        "int": "RuntimeError: stft(torch.LongTensor[2, 40], n_fft=8, hop_length=2, "
        "win_length=8, window=torch.FloatTensor{[8]}, normalized=0, "
        "onesided=None, return_complex=1, align_to_window=None) : expected a "
        "tensor",
        "uint8": "RuntimeError: stft(torch.ByteTensor[2, 40], n_fft=8, hop_length=2, "
        "win_length=8, window=torch.FloatTensor{[8]}, normalized=0, "
        "onesided=None, return_complex=1, align_to_window=None) : expected "
        "a tensor",
    },
    ("torch.svd", 0): {
        "bool": "RuntimeError: linalg.svd: Expected a floating point or complex "
        "tensor as input. Got Bool",
        "int": "RuntimeError: linalg.svd: Expected a floating point or complex tensor "
        "as input. Got Long",
        "uint8": "RuntimeError: linalg.svd: Expected a floating point or complex "
        "tensor as input. Got Byte",
    },
    ("torch.topk", 0): {
        "bool": "RuntimeError: topk does not support bool dtypes on CPU",
        "complex": "RuntimeError: topk does not support complex dtypes on CPU",
    },
    ("torch.trapezoid", 0): {
        "bool": "RuntimeError: trapezoid: received a bool input for `y`, but bool is not supported"
    },
    ("torch.trapezoid", 1): {
        "bool": "RuntimeError: trapezoid: received a bool input for `x` or `y`, "
        "but bool is not supported"
    },
    ("torch.trapz", 0): {
        "bool": "RuntimeError: trapezoid: received a bool input for `y`, but bool is not supported"
    },
    ("torch.trunc", 0): {
        "bool": "NotImplementedError: \"trunc_vml_cpu\" not implemented for 'Bool'",
        "complex": "NotImplementedError: trunc is not supported for complex inputs",
    },
    ("torch.unique", 0): {
        "complex": "NotImplementedError: \"unique\" not implemented for 'ComplexFloat'"
    },
    ("torch.var", 0): {
        "bool": "RuntimeError: std and var only support floating point and complex dtypes",
        "int": "RuntimeError: std and var only support floating point and complex dtypes",
        "uint8": "RuntimeError: std and var only support floating point and complex dtypes",
    },
    ("torch.var_mean", 0): {
        "bool": "RuntimeError: var_mean only support floating point and complex dtypes",
        "int": "RuntimeError: var_mean only support floating point and complex dtypes",
        "uint8": "RuntimeError: var_mean only support floating point and complex dtypes",
    },
    ("torch.view_as_complex", 0): {
        "bool": "RuntimeError: view_as_complex is only supported for "
        "half, float and double tensors, but got a tensor of "
        "scalar type: Bool",
        "complex": "RuntimeError: view_as_complex is only supported for "
        "half, float and double tensors, but got a tensor of "
        "scalar type: ComplexFloat",
        "int": "RuntimeError: view_as_complex is only supported for half, "
        "float and double tensors, but got a tensor of scalar "
        "type: Long",
        "uint8": "RuntimeError: view_as_complex is only supported for "
        "half, float and double tensors, but got a tensor of "
        "scalar type: Byte",
    },
    ("torch.view_as_real", 0): {
        "bool": "RuntimeError: view_as_real is only supported for complex tensors",
        "float": "RuntimeError: view_as_real is only supported for complex tensors",
        "int": "RuntimeError: view_as_real is only supported for complex tensors",
        "uint8": "RuntimeError: view_as_real is only supported for complex tensors",
    },
    ("torch.xlogy", 0): {
        "complex": "NotImplementedError: \"xlogy_cpu\" not implemented for 'ComplexFloat'"
    },
    ("torch.xlogy", 1): {
        "complex": "NotImplementedError: \"xlogy_cpu\" not implemented for 'ComplexFloat'"
    },
}


# ``RANK_REFUSES[op]``: the ranks (0..5) of the op's first tensor (``self`` for a method) that
# torch refused for every axis length tried (2, 4, 6) under every probed call form
RANK_REFUSES: dict[str, dict[int, str]] = {
    "Tensor.H": {
        1: "RuntimeError: tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor.",
        3: "RuntimeError: tensor.H is only supported on matrices (2-D tensors). Got 3-D "
        "tensor. For batches of matrices, consider using tensor.mH",
        4: "RuntimeError: tensor.H is only supported on matrices (2-D tensors). Got 4-D "
        "tensor. For batches of matrices, consider using tensor.mH",
        5: "RuntimeError: tensor.H is only supported on matrices (2-D tensors). Got 5-D "
        "tensor. For batches of matrices, consider using tensor.mH",
    },
    "Tensor.diagonal": {
        0: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
        1: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    },
    "Tensor.dsplit": {
        0: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, "
        "but got a tensor with 0 dimensions!",
        1: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, "
        "but got a tensor with 1 dimensions!",
        2: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, "
        "but got a tensor with 2 dimensions!",
    },
    "Tensor.hsplit": {
        0: "RuntimeError: torch.hsplit requires a tensor with at least 1 dimension, "
        "but got a tensor with 0 dimensions!"
    },
    "Tensor.mH": {
        1: "RuntimeError: tensor.mH is only supported on matrices or batches of matrices. "
        "Got 1-D tensor."
    },
    "Tensor.mT": {
        1: "RuntimeError: tensor.mT is only supported on matrices or batches of matrices. "
        "Got 1-D tensor."
    },
    "Tensor.renorm": {
        0: "RuntimeError: renorm: input needs at least 2 dimensions, got 0 dimensions",
        1: "RuntimeError: renorm: input needs at least 2 dimensions, got 1 dimensions",
    },
    "Tensor.t": {
        3: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D",
        4: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 4D",
        5: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 5D",
    },
    "Tensor.trace": {
        0: "RuntimeError: trace: expected a matrix, but got tensor with dim 0",
        1: "RuntimeError: trace: expected a matrix, but got tensor with dim 1",
        3: "RuntimeError: trace: expected a matrix, but got tensor with dim 3",
        4: "RuntimeError: trace: expected a matrix, but got tensor with dim 4",
        5: "RuntimeError: trace: expected a matrix, but got tensor with dim 5",
    },
    "Tensor.vsplit": {
        0: "RuntimeError: torch.vsplit requires a tensor with at least 2 dimension, "
        "but got a tensor with 0 dimensions!",
        1: "RuntimeError: torch.vsplit requires a tensor with at least 2 dimension, "
        "but got a tensor with 1 dimensions!",
    },
    "torch.bincount": {
        0: "RuntimeError: bincount only supports 1-d non-negative integral inputs.",
        2: "RuntimeError: bincount only supports 1-d non-negative integral inputs.",
        3: "RuntimeError: bincount only supports 1-d non-negative integral inputs.",
        4: "RuntimeError: bincount only supports 1-d non-negative integral inputs.",
        5: "RuntimeError: bincount only supports 1-d non-negative integral inputs.",
    },
    "torch.block_diag": {
        3: "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer "
        "dimensions. Input 0 has 3 dimensions",
        4: "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer "
        "dimensions. Input 0 has 4 dimensions",
        5: "RuntimeError: torch.block_diag: Input tensors must have 2 or fewer "
        "dimensions. Input 0 has 5 dimensions",
    },
    "torch.cartesian_prod": {
        0: "RuntimeError: Expect a 1D vector, but got shape []",
        2: "RuntimeError: Expect a 1D vector, but got shape [2, 2]",
        3: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2]",
        4: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2, 2]",
        5: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2, 2, 2]",
    },
    "torch.cdist": {
        0: "RuntimeError: cdist only supports at least 2D tensors, X1 got: 0D",
        1: "RuntimeError: cdist only supports at least 2D tensors, X1 got: 1D",
    },
    "torch.cholesky_inverse": {
        0: "RuntimeError: cholesky_inverse: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: cholesky_inverse: The input tensor A must have at least 2 dimensions.",
    },
    "torch.combinations": {
        0: "RuntimeError: Expect a 1D vector, but got shape []",
        2: "RuntimeError: Expect a 1D vector, but got shape [2, 2]",
        3: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2]",
        4: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2, 2]",
        5: "RuntimeError: Expect a 1D vector, but got shape [2, 2, 2, 2, 2]",
    },
    "torch.cumulative_trapezoid": {0: "IndexError: slice() cannot be applied to a 0-dim tensor."},
    "torch.det": {
        0: "RuntimeError: linalg.det: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.det: The input tensor A must have at least 2 dimensions.",
    },
    "torch.diag": {
        0: "RuntimeError: diag(): Supports 1D or 2D tensors. Got 0D",
        3: "RuntimeError: diag(): Supports 1D or 2D tensors. Got 3D",
        4: "RuntimeError: diag(): Supports 1D or 2D tensors. Got 4D",
        5: "RuntimeError: diag(): Supports 1D or 2D tensors. Got 5D",
    },
    "torch.diag_embed": {
        0: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -2)"
    },
    "torch.diagonal": {
        0: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
        1: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    },
    "torch.dsplit": {
        0: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, but "
        "got a tensor with 0 dimensions!",
        1: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, but "
        "got a tensor with 1 dimensions!",
        2: "RuntimeError: torch.dsplit requires a tensor with at least 3 dimension, but "
        "got a tensor with 2 dimensions!",
    },
    "torch.fft.fft2": {0: "IndexError: Dimension specified as -2 but tensor has no dimensions"},
    "torch.fft.ifft2": {0: "IndexError: Dimension specified as -2 but tensor has no dimensions"},
    "torch.fft.irfft2": {0: "IndexError: Dimension specified as -2 but tensor has no dimensions"},
    "torch.fft.rfft2": {0: "IndexError: Dimension specified as -2 but tensor has no dimensions"},
    "torch.hsplit": {
        0: "RuntimeError: torch.hsplit requires a tensor with at least 1 dimension, but "
        "got a tensor with 0 dimensions!"
    },
    "torch.inverse": {
        0: "RuntimeError: linalg.inv: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.inv: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.det": {
        0: "RuntimeError: linalg.det: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.det: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.inv": {
        0: "RuntimeError: linalg.inv: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.inv: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.matrix_norm": {
        0: "RuntimeError: linalg.matrix_norm: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.matrix_norm: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.pinv": {
        0: "RuntimeError: linalg.pinv(Float{[]}): expected a tensor with 2 or more "
        "dimensions of float, double, cfloat or cdouble types",
        1: "RuntimeError: linalg.pinv(Float{[2]}): expected a tensor with 2 or "
        "more dimensions of float, double, cfloat or cdouble types",
    },
    "torch.linalg.qr": {
        0: "RuntimeError: linalg.qr: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.qr: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.svd": {
        0: "RuntimeError: linalg.svd: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.svd: The input tensor A must have at least 2 dimensions.",
    },
    "torch.linalg.svdvals": {
        0: "RuntimeError: linalg.svd: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.svd: The input tensor A must have at least 2 dimensions.",
    },
    "torch.logdet": {
        0: "RuntimeError: logdet: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: logdet: The input tensor A must have at least 2 dimensions.",
    },
    "torch.matmul": {
        0: "RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 0D"
    },
    "torch.matrix_exp": {
        0: "RuntimeError: linalg.matrix_exp: The input tensor A must have at least 2 dimensions.",
        1: "RuntimeError: linalg.matrix_exp: The input tensor A must have at least 2 dimensions.",
    },
    "torch.nn.functional.adaptive_avg_pool1d": {
        0: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 0-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_avg_pool1d)",
        1: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 1-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_avg_pool1d)",
        4: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 4-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_avg_pool1d)",
        5: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 5-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_avg_pool1d)",
    },
    "torch.nn.functional.adaptive_avg_pool2d": {
        0: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -2)",
        1: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -2)",
    },
    "torch.nn.functional.adaptive_max_pool1d": {
        0: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 0-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_max_pool1d)",
        1: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 1-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_max_pool1d)",
        4: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 4-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_max_pool1d)",
        5: "RuntimeError: Expected 2 to 3 dimensions, but "
        "got 5-dimensional tensor for argument #1 'self' "
        "(while checking arguments for "
        "adaptive_max_pool1d)",
    },
    "torch.nn.functional.adaptive_max_pool2d": {
        0: "RuntimeError: adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: []",
        1: "RuntimeError: adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [2]",
        2: "RuntimeError: adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: [2, 2]",
        5: "RuntimeError: adaptive_max_pool2d(): Expected 3D "
        "or 4D tensor, but got: [2, 2, 2, 2, 2]",
    },
    "torch.nn.functional.avg_pool1d": {
        0: "RuntimeError: Expected 2 to 3 dimensions, but got "
        "0-dimensional tensor for argument #1 'self' (while "
        "checking arguments for avg_pool1d)",
        1: "RuntimeError: Expected 2 to 3 dimensions, but got "
        "1-dimensional tensor for argument #1 'self' (while "
        "checking arguments for avg_pool1d)",
        4: "RuntimeError: Expected 2 to 3 dimensions, but got "
        "4-dimensional tensor for argument #1 'self' (while "
        "checking arguments for avg_pool1d)",
        5: "RuntimeError: Expected 2 to 3 dimensions, but got "
        "5-dimensional tensor for argument #1 'self' (while "
        "checking arguments for avg_pool1d)",
    },
    "torch.nn.functional.avg_pool2d": {
        0: "IndexError: Dimension specified as -3 but tensor has no dimensions",
        1: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got -3)",
        2: "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got -3)",
        5: "RuntimeError: Expected 3D or 4D (batch mode) tensor with "
        "optional 0 dim batch size for input, but got:[2, 2, 2, 2, "
        "2]",
    },
    "torch.nn.functional.avg_pool3d": {
        0: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        1: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        2: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        3: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
    },
    "torch.nn.functional.glu": {
        0: "RuntimeError: glu does not support scalars because halving size must be even"
    },
    "torch.nn.functional.group_norm": {
        0: "RuntimeError: Expected at least 2 dimensions for input tensor but received 0",
        1: "RuntimeError: Expected at least 2 dimensions for input tensor but received 1",
    },
    "torch.nn.functional.instance_norm": {
        0: "ValueError: Expected more than 1 spatial element when "
        "training, got input size torch.Size([])",
        1: "ValueError: Expected more than 1 spatial element when "
        "training, got input size torch.Size([2])",
        2: "ValueError: Expected more than 1 spatial element when "
        "training, got input size torch.Size([2, 2])",
    },
    "torch.nn.functional.max_pool1d": {
        0: "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) "
        "tensor with optional 0 dim batch size for input, but "
        "got:[]",
        1: "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) "
        "tensor with optional 0 dim batch size for input, but "
        "got:[2]",
        4: "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) "
        "tensor with optional 0 dim batch size for input, but "
        "got:[2, 2, 2, 2]",
        5: "RuntimeError: max_pool1d: Expected 2D or 3D (batch mode) "
        "tensor with optional 0 dim batch size for input, but "
        "got:[2, 2, 2, 2, 2]",
    },
    "torch.nn.functional.max_pool2d": {
        0: "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
        1: "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
        2: "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
        5: "RuntimeError: non-empty 3D or 4D (batch mode) tensor expected for input",
    },
    "torch.nn.functional.max_pool3d": {
        0: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        1: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        2: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
        3: "RuntimeError: non-empty 4D or 5D (batch mode) tensor expected for input",
    },
    "torch.nn.functional.pixel_shuffle": {
        0: "RuntimeError: pixel_shuffle expects input to have at "
        "least 3 dimensions, but got input with 0 dimension(s)",
        1: "RuntimeError: pixel_shuffle expects input to have at "
        "least 3 dimensions, but got input with 1 dimension(s)",
        2: "RuntimeError: pixel_shuffle expects input to have at "
        "least 3 dimensions, but got input with 2 dimension(s)",
    },
    "torch.nn.functional.pixel_unshuffle": {
        0: "RuntimeError: pixel_unshuffle expects input to have "
        "at least 3 dimensions, but got input with 0 "
        "dimension(s)",
        1: "RuntimeError: pixel_unshuffle expects input to have "
        "at least 3 dimensions, but got input with 1 "
        "dimension(s)",
        2: "RuntimeError: pixel_unshuffle expects input to have "
        "at least 3 dimensions, but got input with 2 "
        "dimension(s)",
    },
    "torch.nn.functional.unfold": {
        0: "IndexError: Dimension specified as 1 but tensor has no dimensions",
        1: "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)",
        2: "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)",
        5: "RuntimeError: Expected 3D or 4D (batch mode) tensor with "
        "possibly 0 batch size and other non-zero dimensions for "
        "input, but got: [2, 2, 2, 2, 2]",
    },
    "torch.renorm": {
        0: "RuntimeError: renorm: input needs at least 2 dimensions, got 0 dimensions",
        1: "RuntimeError: renorm: input needs at least 2 dimensions, got 1 dimensions",
    },
    "torch.t": {
        3: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D",
        4: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 4D",
        5: "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 5D",
    },
    "torch.trace": {
        0: "RuntimeError: trace: expected a matrix, but got tensor with dim 0",
        1: "RuntimeError: trace: expected a matrix, but got tensor with dim 1",
        3: "RuntimeError: trace: expected a matrix, but got tensor with dim 3",
        4: "RuntimeError: trace: expected a matrix, but got tensor with dim 4",
        5: "RuntimeError: trace: expected a matrix, but got tensor with dim 5",
    },
    "torch.trapezoid": {0: "IndexError: Dimension specified as -1 but tensor has no dimensions"},
    "torch.tril": {
        0: "RuntimeError: tril: input tensor must have at least 2 dimensions",
        1: "RuntimeError: tril: input tensor must have at least 2 dimensions",
    },
    "torch.triu": {
        0: "RuntimeError: triu: input tensor must have at least 2 dimensions",
        1: "RuntimeError: triu: input tensor must have at least 2 dimensions",
    },
    "torch.vsplit": {
        0: "RuntimeError: torch.vsplit requires a tensor with at least 2 dimension, but "
        "got a tensor with 0 dimensions!",
        1: "RuntimeError: torch.vsplit requires a tensor with at least 2 dimension, but "
        "got a tensor with 1 dimensions!",
    },
}
