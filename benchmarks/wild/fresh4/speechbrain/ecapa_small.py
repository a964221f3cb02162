from speechbrain.lobes.models.ECAPA_TDNN import ECAPA_TDNN

model = ECAPA_TDNN(
    input_size=80, channels=[256, 256, 256, 256, 768], lin_neurons=192, attention_channels=64
)
