from asteroid_filterbanks import make_enc_dec

FB = {"fb_name": "analytic_free", "n_filters": 128, "kernel_size": 32, "stride": 16, "who_is_pinv": "decoder"}
encoder, decoder = make_enc_dec(**FB)
# the decoder is the encoder's pseudo-inverse: it holds the same filterbank module
model = decoder
