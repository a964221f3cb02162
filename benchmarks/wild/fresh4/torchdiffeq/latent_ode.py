import torch
import torch.nn as nn
from torchdiffeq import odeint


class LatentODEfunc(nn.Module):
    def __init__(self, latent_dim=4, nhidden=20):
        super().__init__()
        self.elu = nn.ELU(inplace=True)
        self.fc1 = nn.Linear(latent_dim, nhidden)
        self.fc2 = nn.Linear(nhidden, nhidden)
        self.fc3 = nn.Linear(nhidden, latent_dim)

    def forward(self, t, x):
        return self.fc3(self.elu(self.fc2(self.elu(self.fc1(x)))))


class RecognitionRNN(nn.Module):
    def __init__(self, latent_dim=4, obs_dim=2, nhidden=25, nbatch=1):
        super().__init__()
        self.nhidden = nhidden
        self.nbatch = nbatch
        self.i2h = nn.Linear(obs_dim + nhidden, nhidden)
        self.h2o = nn.Linear(nhidden, latent_dim * 2)

    def forward(self, x, h):
        h = torch.tanh(self.i2h(torch.cat((x, h), dim=1)))
        return self.h2o(h), h


class Decoder(nn.Module):
    def __init__(self, latent_dim=4, obs_dim=2, nhidden=20):
        super().__init__()
        self.relu = nn.ReLU(inplace=True)
        self.fc1 = nn.Linear(latent_dim, nhidden)
        self.fc2 = nn.Linear(nhidden, obs_dim)

    def forward(self, z):
        return self.fc2(self.relu(self.fc1(z)))


class LatentODE(nn.Module):
    def __init__(self, latent_dim, nhidden, rnn_nhidden, obs_dim):
        super().__init__()
        self.func = LatentODEfunc(latent_dim, nhidden)
        self.rec = RecognitionRNN(latent_dim, obs_dim, rnn_nhidden)
        self.dec = Decoder(latent_dim, obs_dim, nhidden)
        self.latent_dim = latent_dim

    def forward(self, samp_trajs, samp_ts):
        h = torch.zeros(samp_trajs.size(0), self.rec.nhidden)
        for t in reversed(range(samp_trajs.size(1))):
            out, h = self.rec(samp_trajs[:, t, :], h)
        qz0_mean, qz0_logvar = out[:, : self.latent_dim], out[:, self.latent_dim :]
        z0 = qz0_mean + torch.randn_like(qz0_mean) * torch.exp(0.5 * qz0_logvar)
        pred_z = odeint(self.func, z0, samp_ts).permute(1, 0, 2)
        return self.dec(pred_z)


model = LatentODE(latent_dim=4, nhidden=20, rnn_nhidden=25, obs_dim=2)
