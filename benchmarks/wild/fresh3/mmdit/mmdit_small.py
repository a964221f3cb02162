from mmdit import MMDiT

model = MMDiT(
    depth=4,
    dim_image=256,
    dim_text=192,
    dim_cond=128,
    dim_head=32,
    heads=8,
    qk_rmsnorm=True,
    num_residual_streams=1,
)
