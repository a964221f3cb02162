from deformable_attention import DeformableAttention1D

# 1d variant for a sequence of audio frames, with offset groups
model = DeformableAttention1D(
    dim=96,
    dim_head=24,
    heads=4,
    dropout=0.1,
    downsample_factor=2,
    offset_scale=2,
    offset_groups=2,
    offset_kernel_size=6,
    cpb_log_distance=True,
)
