import torch.nn as nn


class MDNRNN(nn.Module):
    def __init__(self, latent=32, actions=3, hiddens=256, gaussians=5):
        super().__init__()
        self.rnn = nn.LSTM(latent + actions, hiddens)
        # per gaussian: mu and sigma for each latent dim, plus a mixture logit; reward and done
        self.gmm_linear = nn.Linear(hiddens, (2 * latent + 1) * gaussians + 2)


class VAE(nn.Module):
    def __init__(self, img_ch=3, latent=32):
        super().__init__()
        chans = [img_ch, 32, 64, 128, 256]
        self.enc = nn.Sequential(*[nn.Conv2d(a, b, 4, 2) for a, b in zip(chans, chans[1:])])
        self.fc_mu = nn.Linear(2 * 2 * 256, latent)
        self.fc_logsigma = nn.Linear(2 * 2 * 256, latent)
        self.fc_dec = nn.Linear(latent, 1024)
        ks = [5, 5, 6, 6]
        dch = [1024, 128, 64, 32, img_ch]
        self.dec = nn.Sequential(
            *[nn.ConvTranspose2d(a, b, k, 2) for a, b, k in zip(dch, dch[1:], ks)]
        )


class WorldModel(nn.Module):
    def __init__(self, latent, actions, hiddens, gaussians):
        super().__init__()
        self.vae = VAE(3, latent)
        self.mdrnn = MDNRNN(latent, actions, hiddens, gaussians)
        self.controller = nn.Linear(latent + hiddens, actions)


model = WorldModel(latent=16, actions=3, hiddens=64, gaussians=4)
