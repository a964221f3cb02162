"""A stereo BS-RoFormer separating two stems, with two-layer mask estimators."""

from bs_roformer import BSRoformer

bands = tuple([8] * 8) + (1,)  # 65 bins of a 128-point STFT
model = BSRoformer(
    dim=24,
    depth=2,
    stereo=True,
    num_stems=2,
    freqs_per_bands=bands,
    dim_head=12,
    heads=2,
    mask_estimator_depth=2,
    flash_attn=False,
    stft_n_fft=128,
    stft_hop_length=32,
    stft_win_length=128,
)
