from coconut_pytorch import Coconut

model = Coconut(
    num_reasoning_steps=3,
    num_latents_per_step=2,
    transformer=dict(num_tokens=256, dim=128, depth=2, heads=4, dim_head=32),
)
