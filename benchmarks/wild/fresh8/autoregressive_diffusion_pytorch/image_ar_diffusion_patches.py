"""Image autoregressive diffusion: 32x32 images as 8x8 patches; the inner model from a dict."""

from autoregressive_diffusion_pytorch import ImageAutoregressiveDiffusion

MODEL_CFG = dict(dim=384, depth=6, dim_head=32, heads=6, mlp_depth=3, mlp_width=768)

model = ImageAutoregressiveDiffusion(image_size=32, patch_size=8, channels=3, model=MODEL_CFG)
