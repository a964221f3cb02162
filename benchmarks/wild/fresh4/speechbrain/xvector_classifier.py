import torch.nn as nn
from speechbrain.lobes.models.Xvector import Classifier, Xvector


class SpeakerID(nn.Module):
    def __init__(self, n_mels=24, n_speakers=40):
        super().__init__()
        self.embedding_model = Xvector(
            in_channels=n_mels, tdnn_channels=[256, 256, 256, 256, 750], lin_neurons=256
        )
        self.classifier = Classifier(
            input_shape=[None, None, 256], lin_blocks=1, lin_neurons=256, out_neurons=n_speakers
        )

    def forward(self, feats):
        return self.classifier(self.embedding_model(feats))


model = SpeakerID()
