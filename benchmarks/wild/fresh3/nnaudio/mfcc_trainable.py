from nnAudio.features import MFCC

model = MFCC(sr=16000, n_mfcc=20, n_fft=400, n_mels=40, hop_length=160, trainable_mel=True,
             trainable_STFT=True, verbose=False)
