"""One ISAB with latent self-attention and inverted attention, as a drop-in set mixer."""

from isab_pytorch import ISAB

model = ISAB(dim=48, heads=2, num_latents=8, latent_self_attend=True, inverted_attention=True)
