from linformer import LinformerLM

model = LinformerLM(
    num_tokens=20000,
    dim=512,
    seq_len=4096,
    depth=6,
    heads=8,
    dim_head=64,
    k=256,
    one_kv_head=True,
    share_kv=True,
)
