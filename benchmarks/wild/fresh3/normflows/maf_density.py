import normflows as nf

D = 6
flows = []
for _ in range(4):
    flows.append(nf.flows.MaskedAffineAutoregressive(D, hidden_features=48, num_blocks=2))
    flows.append(nf.flows.LULinearPermute(D))
model = nf.NormalizingFlow(nf.distributions.DiagGaussian(D, trainable=False), flows)
