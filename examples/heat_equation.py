"""The 1-D heat equation of numba.cuda's documentation (003, "Cooperative
Groups" / test_laplace.py's solve_heat_equation), as written there, with a
signature added.

Every time step ends at a grid-wide barrier (`grid.sync()`): nvc splits the
kernel into one dispatch per phase and nvc-run runs them all (1 + timesteps
dispatches). The step's buffers are chosen at run time (`data = buf_0` /
`data = buf_1`): after an even number of steps the result is in buf_0, after
an odd number in buf_1. Launch over len(buf_0) invocations.
"""
from numba import cuda


@cuda.jit("void(float64[::1], float64[::1], int32, float64)")
def solve_heat_equation(buf_0, buf_1, timesteps, k):
    i = cuda.grid(1)

    # Don't continue if our index is outside the domain
    if i >= len(buf_0):
        return

    # Prepare to do a grid-wide synchronization later
    grid = cuda.cg.this_grid()

    for step in range(timesteps):
        # Select the buffer from the previous timestep
        if (step % 2) == 0:
            data = buf_0
            next_data = buf_1
        else:
            data = buf_1
            next_data = buf_0

        # Get the current temperature associated with this point
        curr_temp = data[i]

        # Apply formula from finite difference equation
        if i == 0:
            # Left wall is held at T = 0
            next_temp = curr_temp + k * (data[i + 1] - (2 * curr_temp))
        elif i == len(data) - 1:
            # Right wall is held at T = 0
            next_temp = curr_temp + k * (data[i - 1] - (2 * curr_temp))
        else:
            # Interior points are a weighted average of their neighbors
            next_temp = curr_temp + k * (
                data[i - 1] - (2 * curr_temp) + data[i + 1]
            )

        # Write new value to the next buffer
        next_data[i] = next_temp

        # Wait for every thread to write before moving on
        grid.sync()
