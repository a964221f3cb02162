"""diffusers: UVit2DModel (aMUSEd) with small sizes (fresh batch, benchmarks/wild/fresh)."""

from diffusers import UVit2DModel

model = UVit2DModel(
    hidden_size=64,
    use_bias=False,
    hidden_dropout=0.0,
    cond_embed_dim=32,
    micro_cond_encode_dim=16,
    micro_cond_embed_dim=80,
    encoder_hidden_size=48,
    vocab_size=130,
    codebook_size=128,
    in_channels=32,
    block_out_channels=32,
    num_res_blocks=1,
    downsample=True,
    upsample=True,
    block_num_heads=4,
    num_hidden_layers=2,
    num_attention_heads=4,
    attention_dropout=0.0,
    intermediate_size=128,
    layer_norm_eps=1e-6,
    ln_elementwise_affine=True,
    sample_size=16,
)
