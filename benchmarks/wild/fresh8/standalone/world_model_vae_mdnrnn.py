"""World Models (Ha & Schmidhuber) for CarRacing: a conv VAE, an MDN-RNN over (z, action), and a
linear controller on [z, h]."""

import torch.nn as nn


class VAE(nn.Module):
    def __init__(self, img_channels=3, latent=32):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(img_channels, 32, 4, 2),
            nn.ReLU(),
            nn.Conv2d(32, 64, 4, 2),
            nn.ReLU(),
            nn.Conv2d(64, 128, 4, 2),
            nn.ReLU(),
            nn.Conv2d(128, 256, 4, 2),
            nn.ReLU(),
            nn.Flatten(),
        )
        self.fc_mu = nn.Linear(2 * 2 * 256, latent)
        self.fc_logsigma = nn.Linear(2 * 2 * 256, latent)
        self.fc1 = nn.Linear(latent, 1024)
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(1024, 128, 5, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(128, 64, 5, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(64, 32, 6, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(32, img_channels, 6, 2),
            nn.Sigmoid(),
        )


class MDNRNN(nn.Module):
    def __init__(self, latents=32, actions=3, hiddens=256, gaussians=5):
        super().__init__()
        self.rnn = nn.LSTM(latents + actions, hiddens)
        self.gmm_linear = nn.Linear(hiddens, (2 * latents + 1) * gaussians + 2)


class WorldModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.vae = VAE()
        self.mdrnn = MDNRNN()
        self.controller = nn.Linear(32 + 256, 3)


model = WorldModel()
