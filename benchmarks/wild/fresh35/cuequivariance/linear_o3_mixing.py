import cuequivariance as cue
import cuequivariance_torch as cuet

irreps_in = cue.Irreps("O3", "32x0e + 16x1o + 8x2e")
irreps_out = cue.Irreps("O3", "16x0e + 16x1o + 4x2e")
model = cuet.Linear(irreps_in, irreps_out, layout=cue.mul_ir, use_fallback=True)
