from generative.networks.nets import DecoderOnlyTransformer

# a prior over VQ-VAE codes: 256 codes + 1 begin-of-sequence token, a 16x16 latent grid
codebook = 256
model = DecoderOnlyTransformer(
    num_tokens=codebook + 1,
    max_seq_len=16 * 16 + 1,
    attn_layers_dim=96,
    attn_layers_depth=4,
    attn_layers_heads=8,
)
