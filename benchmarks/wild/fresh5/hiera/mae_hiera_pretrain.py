from hiera.hiera_mae import MaskedAutoencoderHiera

model = MaskedAutoencoderHiera(
    input_size=(96, 96),
    embed_dim=48,
    num_heads=1,
    stages=(1, 2, 2, 1),
    q_pool=2,
    mask_unit_size=(4, 4),
    decoder_embed_dim=64,
    decoder_depth=2,
    decoder_num_heads=4,
)
