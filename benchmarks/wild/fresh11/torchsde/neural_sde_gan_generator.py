"""SDE-GAN generator and discriminator (torchsde's sde_gan example, reduced): Lipschitz MLPs built by a
helper with a final tanh, the generator's diffusion reshaped to (hidden, noise) general noise; the
global model is the GAN pair in a ModuleDict."""

import torch
import torch.nn as nn
import torchsde


class LipSwish(nn.Module):
    def forward(self, x):
        return 0.909 * nn.functional.silu(x)


class MLP(nn.Module):
    def __init__(self, in_size, out_size, mlp_size, num_layers, tanh):
        super().__init__()
        model = [nn.Linear(in_size, mlp_size), LipSwish()]
        for _ in range(num_layers - 1):
            model.append(nn.Linear(mlp_size, mlp_size))
            model.append(LipSwish())
        model.append(nn.Linear(mlp_size, out_size))
        if tanh:
            model.append(nn.Tanh())
        self._model = nn.Sequential(*model)

    def forward(self, x):
        return self._model(x)


class GeneratorFunc(nn.Module):
    sde_type = "stratonovich"
    noise_type = "general"

    def __init__(self, noise_size, hidden_size, mlp_size, num_layers):
        super().__init__()
        self._noise_size = noise_size
        self._hidden_size = hidden_size
        self._drift = MLP(1 + hidden_size, hidden_size, mlp_size, num_layers, tanh=True)
        self._diffusion = MLP(
            1 + hidden_size, hidden_size * noise_size, mlp_size, num_layers, tanh=True
        )

    def f_and_g(self, t, x):
        t = t.expand(x.size(0), 1)
        tx = torch.cat([t, x], dim=1)
        return self._drift(tx), self._diffusion(tx).view(
            x.size(0), self._hidden_size, self._noise_size
        )


class Generator(nn.Module):
    def __init__(
        self, data_size, initial_noise_size, noise_size, hidden_size, mlp_size, num_layers
    ):
        super().__init__()
        self._initial_noise_size = initial_noise_size
        self._initial = MLP(initial_noise_size, hidden_size, mlp_size, num_layers, tanh=False)
        self._func = GeneratorFunc(noise_size, hidden_size, mlp_size, num_layers)
        self._readout = nn.Linear(hidden_size, data_size)

    def forward(self, ts, batch_size):
        init_noise = torch.randn(batch_size, self._initial_noise_size, device=ts.device)
        x0 = self._initial(init_noise)
        xs = torchsde.sdeint_adjoint(
            self._func,
            x0,
            ts,
            method="reversible_heun",
            dt=1.0,
            adjoint_method="adjoint_reversible_heun",
        )
        return self._readout(xs.transpose(0, 1))


class DiscriminatorFunc(nn.Module):
    def __init__(self, data_size, hidden_size, mlp_size, num_layers):
        super().__init__()
        self._data_size = data_size
        self._hidden_size = hidden_size
        self._module = MLP(
            1 + hidden_size, hidden_size * (1 + data_size), mlp_size, num_layers, tanh=True
        )


class Discriminator(nn.Module):
    def __init__(self, data_size, hidden_size, mlp_size, num_layers):
        super().__init__()
        self._initial = MLP(1 + data_size, hidden_size, mlp_size, num_layers, tanh=False)
        self._func = DiscriminatorFunc(data_size, hidden_size, mlp_size, num_layers)
        self._readout = nn.Linear(hidden_size, 1)


hp = dict(data_size=1, hidden_size=16, mlp_size=32, num_layers=1)
model = nn.ModuleDict(
    {
        "generator": Generator(initial_noise_size=5, noise_size=3, **hp),
        "discriminator": Discriminator(**hp),
    }
)
