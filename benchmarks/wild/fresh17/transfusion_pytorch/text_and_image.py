from transfusion_pytorch import Transfusion

model = Transfusion(
    num_text_tokens=256,
    dim_latent=16,
    modality_default_shape=(8, 8),
    transformer=dict(dim=64, depth=2, dim_head=16, heads=4),
)
