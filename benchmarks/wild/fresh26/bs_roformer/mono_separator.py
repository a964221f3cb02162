"""A mono BS-RoFormer with a 256-point STFT (129 bins split into four bands)."""

from bs_roformer import BSRoformer

model = BSRoformer(
    dim=32,
    depth=1,
    time_transformer_depth=1,
    freq_transformer_depth=1,
    freqs_per_bands=(16, 32, 40, 41),
    dim_head=16,
    heads=2,
    flash_attn=False,
    stft_n_fft=256,
    stft_hop_length=64,
    stft_win_length=256,
)
