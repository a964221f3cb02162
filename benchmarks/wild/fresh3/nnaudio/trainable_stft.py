from nnAudio.features import STFT

model = STFT(n_fft=256, hop_length=64, freq_scale="no", sr=16000, trainable=True,
             output_format="Magnitude", verbose=False)
