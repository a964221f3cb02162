import torch
import normflows as nf

K = 8
latent_size = 2
b = torch.tensor([0, 1] * (latent_size // 2))
flows = []
for i in range(K):
    s = nf.nets.MLP([latent_size, 64, 64, latent_size], init_zeros=True)
    t = nf.nets.MLP([latent_size, 64, 64, latent_size], init_zeros=True)
    if i % 2 == 0:
        flows += [nf.flows.MaskedAffineFlow(b, t, s)]
    else:
        flows += [nf.flows.MaskedAffineFlow(1 - b, t, s)]
    flows += [nf.flows.ActNorm(latent_size)]

q0 = nf.distributions.DiagGaussian(latent_size)
model = nf.NormalizingFlow(q0=q0, flows=flows)
