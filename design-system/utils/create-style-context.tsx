/**
 * Park UI's createStyleContext: a slot recipe's class names flow from the root part (which
 * takes the variant props) to every other part through React context.
 */
import { type ComponentProps, createContext, type ElementType, forwardRef, useContext } from 'react'
import { cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx/factory'
import { isCssProperty } from 'styled-system/jsx/is-valid-prop'
import type { HTMLStyledProps } from 'styled-system/types/jsx'

type Props = Record<string, unknown>
type Recipe = {
  (props?: any): Record<string, string>
  splitVariantProps: (props: any) => [Props, Props]
}
type Slot<R extends Recipe> = keyof ReturnType<R>
type Options = { forwardProps?: string[] }

const shouldForwardProp = (prop: string, variantKeys: string[], options: Options = {}) =>
  options.forwardProps?.includes(prop) || (!variantKeys.includes(prop) && !isCssProperty(prop))

const nameOf = (c: unknown) => (c as { displayName?: string; name?: string }).displayName || (c as { name?: string }).name

export const createStyleContext = <R extends Recipe>(recipe: R) => {
  const StyleContext = createContext<Record<Slot<R>, string> | null>(null)

  const withRootProvider = <C extends ElementType>(Component: C) => {
    const WithRootProvider = (props: ComponentProps<C> & Parameters<R>[0]) => {
      const [variantProps, otherProps] = recipe.splitVariantProps(props)
      const slotStyles = recipe(variantProps) as Record<Slot<R>, string>
      const Comp = Component as ElementType
      return (
        <StyleContext.Provider value={slotStyles}>
          <Comp {...otherProps} />
        </StyleContext.Provider>
      )
    }
    return WithRootProvider
  }

  const withProvider = <C extends ElementType>(Component: C, slot: Slot<R>, options?: Options) => {
    const StyledComponent = styled(
      Component as ElementType,
      {},
      {
        shouldForwardProp: (prop, variantKeys) => shouldForwardProp(prop, variantKeys, options),
      },
    ) as ElementType
    const WithProvider = forwardRef<any, any>((props, ref) => {
      const [variantProps, otherProps] = recipe.splitVariantProps(props)
      const slotStyles = recipe(variantProps) as Record<Slot<R>, string>
      return (
        <StyleContext.Provider value={slotStyles}>
          <StyledComponent {...otherProps} ref={ref} className={cx(slotStyles?.[slot], props.className)} />
        </StyleContext.Provider>
      )
    })
    WithProvider.displayName = nameOf(Component)
    return WithProvider as unknown as (props: StyledProps<C> & Parameters<R>[0]) => React.ReactNode
  }

  const withContext = <C extends ElementType>(Component: C, slot: Slot<R>, options?: Options) => {
    const StyledComponent = styled(
      Component as ElementType,
      {},
      {
        shouldForwardProp: (prop, variantKeys) => shouldForwardProp(prop, variantKeys, options),
      },
    ) as ElementType
    const WithContext = forwardRef<any, any>((props, ref) => {
      const slotStyles = useContext(StyleContext)
      return <StyledComponent {...props} ref={ref} className={cx(slotStyles?.[slot], props.className)} />
    })
    WithContext.displayName = nameOf(Component)
    return WithContext as unknown as (props: StyledProps<C>) => React.ReactNode
  }

  return { withRootProvider, withProvider, withContext }
}

/** A component's own props plus Panda style props (`mt="4"`, `color="fg.muted"`...). */
export type StyledProps<C extends ElementType> = HTMLStyledProps<C>
