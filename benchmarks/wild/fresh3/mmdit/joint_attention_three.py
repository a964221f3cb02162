from mmdit import JointAttention

# text, image and audio token streams attending jointly
model = JointAttention(dim_inputs=(256, 128, 64), dim_head=32, heads=4, qk_rmsnorm=True)
