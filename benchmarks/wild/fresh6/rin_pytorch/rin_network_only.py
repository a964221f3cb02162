"""The RIN network alone (no diffusion wrapper), latent time tokens and no patch self-attention."""

from rin_pytorch import RIN

model = RIN(
    dim=48,
    image_size=16,
    patch_size=2,
    channels=1,
    depth=3,
    num_latents=16,
    latent_token_time_cond=True,
    patches_self_attn=False,
    dual_patchnorm=False,
)
