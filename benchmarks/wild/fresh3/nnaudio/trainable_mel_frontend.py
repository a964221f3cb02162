import torch.nn as nn
from nnAudio.features import MelSpectrogram


class AudioTagger(nn.Module):
    def __init__(self, n_mels=64, n_classes=50):
        super().__init__()
        self.spec = MelSpectrogram(sr=16000, n_fft=512, n_mels=n_mels, hop_length=160,
                                   trainable_mel=True, trainable_STFT=False, verbose=False)
        self.cnn = nn.Sequential(
            nn.Conv2d(1, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.fc = nn.Linear(64, n_classes)

    def forward(self, wav):
        return self.fc(self.cnn(self.spec(wav).unsqueeze(1)))


model = AudioTagger()
