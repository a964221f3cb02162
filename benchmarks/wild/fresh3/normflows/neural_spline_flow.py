import normflows as nf

num_layers, dim, hidden = 5, 4, 64
flows = []
for i in range(num_layers):
    flows += [
        nf.flows.AutoregressiveRationalQuadraticSpline(dim, 2, hidden, num_bins=8),
        nf.flows.LULinearPermute(dim),
    ]
base = nf.distributions.DiagGaussian(dim)
model = nf.NormalizingFlow(q0=base, flows=flows)
