import cuequivariance as cue
import cuequivariance_torch as cuet

node = cue.Irreps("O3", "8x0e + 8x1o")
sh = cue.Irreps("O3", "0e + 1o + 2e")
out = cue.Irreps("O3", "8x0e + 8x1o + 4x2e")
model = cuet.FullyConnectedTensorProduct(
    node, sh, out, layout=cue.mul_ir, shared_weights=True, internal_weights=True, use_fallback=True
)
