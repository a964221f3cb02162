from linformer_pytorch import Linformer

# sequence classifier backbone: no parameter sharing, an intermediate W_o dim
settings = {"input_size": 64, "channels": 32, "dim_k": 16, "dim_ff": 64, "nhead": 2, "depth": 2}
model = Linformer(
    **settings, parameter_sharing="none", w_o_intermediate_dim=24, method="convolution"
)
