# Deep SVDD: a bias-free encoder (bias terms would allow the trivial collapse), BN without affine,
# plus the autoencoder's decoder for pretraining
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, rep_dim=32):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 5, bias=False, padding=2)
        self.bn1 = nn.BatchNorm2d(8, eps=1e-4, affine=False)
        self.conv2 = nn.Conv2d(8, 4, 5, bias=False, padding=2)
        self.bn2 = nn.BatchNorm2d(4, eps=1e-4, affine=False)
        self.fc1 = nn.Linear(4 * 7 * 7, rep_dim, bias=False)


class Decoder(nn.Module):
    def __init__(self, rep_dim=32):
        super().__init__()
        self.deconv1 = nn.ConvTranspose2d(rep_dim // 16, 4, 5, bias=False, padding=2)
        self.bn3 = nn.BatchNorm2d(4, eps=1e-4, affine=False)
        self.deconv2 = nn.ConvTranspose2d(4, 8, 5, bias=False, padding=3)
        self.bn4 = nn.BatchNorm2d(8, eps=1e-4, affine=False)
        self.deconv3 = nn.ConvTranspose2d(8, 1, 5, bias=False, padding=2)


class DeepSVDDAE(nn.Module):
    def __init__(self, rep_dim=32):
        super().__init__()
        self.encoder = Encoder(rep_dim)
        self.decoder = Decoder(rep_dim)


model = DeepSVDDAE()
