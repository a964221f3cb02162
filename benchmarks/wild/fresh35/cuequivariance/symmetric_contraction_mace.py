import cuequivariance as cue
import cuequivariance_torch as cuet

model = cuet.SymmetricContraction(
    cue.Irreps("O3", "32x0e + 32x1o"),
    cue.Irreps("O3", "32x0e"),
    contraction_degree=3,
    num_elements=5,
    layout=cue.ir_mul,
    original_mace=True,
    use_fallback=True,
)
