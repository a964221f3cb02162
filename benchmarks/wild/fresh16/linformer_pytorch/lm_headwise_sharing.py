"""Linformer LM (tatp22's linformer-pytorch) with headwise E/F sharing and reduced k per layer."""

from linformer_pytorch import LinformerLM

model = LinformerLM(
    num_tokens=1000,
    input_size=128,
    channels=64,
    dim_k=32,
    dim_ff=128,
    nhead=4,
    depth=3,
    parameter_sharing="headwise",
    k_reduce_by_layer=4,
    dropout=0.1,
)
